import { createFileRoute } from '@tanstack/react-router';
import { MyPage } from '../../../features/home/MyPage';

export const Route = createFileRoute('/$prefix/_player/my')({ component: MyPage });
