import type { AppContext } from '../../context.js';
import type { SeedScope } from './steps.js';

export async function seedBets(_app: AppContext, _scope: SeedScope): Promise<void> {}
