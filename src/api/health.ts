import { healthApi } from '../../contract/health';
import { call } from './http';

/** GET /api/health: whether the server answers now (not when refused, stopping (503), or slower than `timeoutMs`). */
export async function serverAnswers(timeoutMs: number): Promise<boolean> {
  try {
    await call(healthApi.show, {}, { timeout: timeoutMs, cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
