import { createFileRoute } from '@tanstack/react-router';
import { Landing } from '../features/site/Landing';

export const Route = createFileRoute('/')({ component: Landing });
