import { createFileRoute } from '@tanstack/react-router';
import { InfoEdit } from '../../../features/member/InfoEdit';

export const Route = createFileRoute('/$prefix/_member/infoEdit')({ component: InfoEdit });
