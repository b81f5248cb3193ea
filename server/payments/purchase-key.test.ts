import { describe, expect, it } from 'vitest';
import { purchaseIdempotencyKey, purchaseWindowMs } from './purchase-key';

describe('purchaseIdempotencyKey', () => {
  const base = { installationId: 'inst-a', userId: 7, packageId: 'tokens-1m', now: 1_700_000_000_000 };

  it("uses the client's key, scoped to the installation, the operator and the package", () => {
    const key = purchaseIdempotencyKey({ ...base, clientKey: 'abc12345' });
    expect(key).toBe('purchase-inst-a-user-7-tokens-1m-key-abc12345');
    expect(purchaseIdempotencyKey({ ...base, userId: 8, clientKey: 'abc12345' })).not.toBe(key);
    expect(purchaseIdempotencyKey({ ...base, installationId: 'inst-b', clientKey: 'abc12345' })).not.toBe(key);
    expect(purchaseIdempotencyKey({ ...base, packageId: 'tokens-5m', clientKey: 'abc12345' })).not.toBe(key);
    expect(purchaseIdempotencyKey({ ...base, now: base.now + 60_000, clientKey: 'abc12345' })).toBe(key);
  });

  it('without a client key, takes one window as one purchase and the next window as another', () => {
    const start = Math.floor(base.now / purchaseWindowMs) * purchaseWindowMs;
    const first = purchaseIdempotencyKey({ ...base, now: start });
    expect(purchaseIdempotencyKey({ ...base, now: start + purchaseWindowMs - 1 })).toBe(first);
    expect(purchaseIdempotencyKey({ ...base, now: start + purchaseWindowMs })).not.toBe(first);
  });
});
