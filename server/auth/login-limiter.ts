import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** A password check the limiter allowed; say how it went, so a success gives its points back. */
export interface LoginGuess {
  succeeded(): Promise<void>;
}

export type LoginAdmission = { allowed: true; guess: LoginGuess } | { allowed: false; retryAfterSeconds: number };

/**
 * Bounds the passwords checked per email and per client address over a minute. A guess takes its points before the
 * password is verified, so requests arriving at once cannot all pass a limit read before any of them was counted;
 * a successful login gives them back (and clears the email's count). An address gets a few times the email's
 * allowance, as one office shares one address.
 */
export class LoginLimiter {
  private readonly byEmail: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;

  constructor(maxGuessesPerMinute: number) {
    this.byEmail = new RateLimiterMemory({ keyPrefix: 'login-email', points: maxGuessesPerMinute, duration: 60 });
    this.byAddress = new RateLimiterMemory({ keyPrefix: 'login-ip', points: maxGuessesPerMinute * 4, duration: 60 });
  }

  async admit(emailText: string, address: string): Promise<LoginAdmission> {
    const email = emailText.toLowerCase();
    const refusedByEmail = await take(this.byEmail, email);
    if (refusedByEmail) return { allowed: false, retryAfterSeconds: refusedByEmail };
    const refusedByAddress = await take(this.byAddress, address);
    if (refusedByAddress) {
      // The email's point was not spent on a check.
      await this.byEmail.reward(email, 1);
      return { allowed: false, retryAfterSeconds: refusedByAddress };
    }
    return {
      allowed: true,
      guess: {
        succeeded: async () => {
          await Promise.all([this.byEmail.delete(email), this.byAddress.reward(address, 1)]);
        },
      },
    };
  }
}

/** Takes one point; answers 0, or the seconds to wait when the allowance is spent. */
async function take(limiter: RateLimiterMemory, key: string): Promise<number> {
  try {
    await limiter.consume(key, 1);
    return 0;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  }
}
