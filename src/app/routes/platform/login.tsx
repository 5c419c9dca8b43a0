import { createFileRoute } from '@tanstack/react-router';
import { PlatformLogin } from '../../features/platform/PlatformLogin';

export const Route = createFileRoute('/platform/login')({ component: PlatformLogin });
