import { createFileRoute } from '@tanstack/react-router';
import { PointArea } from '../../../features/cash/PointArea';

export const Route = createFileRoute('/$prefix/_member/pointuse')({ component: () => <PointArea tab="pointuse" /> });
