import type { Config } from '../config.js';
import { inProcessPublisher, type Publisher } from './publisher.js';

/** In-process unless REDIS_URL is set (several instances then share events through Redis). */
export async function makePublisher(config: Config, scope: string): Promise<Publisher> {
  if (!config.redisUrl) return inProcessPublisher();
  const { redisPublisher } = await import('./redisPublisher.js');
  return redisPublisher(config.redisUrl, { scope });
}
