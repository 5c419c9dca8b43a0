import { createFileRoute } from '@tanstack/react-router';
import { QnaWrite } from '../../../features/board/QnaWrite';

export const Route = createFileRoute('/$prefix/_member/qnawrite')({ component: QnaWrite });
