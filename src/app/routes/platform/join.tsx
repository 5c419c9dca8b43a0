import { createFileRoute } from '@tanstack/react-router';
import { PlatformSetup } from '../../features/platform/PlatformSetup';

export const Route = createFileRoute('/platform/join')({ component: () => <PlatformSetup kind="staff" /> });
