import { createFileRoute } from '@tanstack/react-router';
import { IpBlocks } from '../../../../features/security/IpBlocks';

export const Route = createFileRoute('/$prefix/admin/_operator/ipBlock')({ component: IpBlocks });
