import { createFileRoute } from '@tanstack/react-router';
import { MyPage } from '../../../features/player/MyPage';

export const Route = createFileRoute('/$prefix/_player/my')({ component: MyPage });
