import { healthAnswer } from '../../contract/health';
import { getJson } from './http';

/** GET /api/health: whether the server answers now (not when refused, stopping (503), or slower than `timeoutMs`). */
export async function serverAnswers(timeoutMs: number): Promise<boolean> {
  try {
    await getJson('/api/health', healthAnswer, { timeout: timeoutMs, cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
