import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Counts failed logins per email and per client address over a minute. Only failures count; a success clears
 * the email's count. An address gets a few times the email's allowance, as one office shares one address.
 */
export class LoginLimiter {
  private readonly byEmail: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;

  constructor(maxFailuresPerMinute: number) {
    this.byEmail = new RateLimiterMemory({ keyPrefix: 'login-email', points: maxFailuresPerMinute, duration: 60 });
    this.byAddress = new RateLimiterMemory({ keyPrefix: 'login-ip', points: maxFailuresPerMinute * 4, duration: 60 });
  }

  /** Seconds to wait before another try, or 0 when one is allowed. */
  async retryAfter(email: string, address: string): Promise<number> {
    const [emailState, addressState] = await Promise.all([this.byEmail.get(email.toLowerCase()), this.byAddress.get(address)]);
    const blocked = [
      emailState && emailState.remainingPoints <= 0 ? emailState.msBeforeNext : 0,
      addressState && addressState.remainingPoints <= 0 ? addressState.msBeforeNext : 0,
    ];
    return Math.ceil(Math.max(...blocked) / 1000);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.byEmail.penalty(email.toLowerCase(), 1),
      this.byAddress.penalty(address, 1),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byEmail.delete(email.toLowerCase());
  }
}
