import { describe, expect, it } from 'vitest';
import { parseForm } from './form-body';

describe("the fake Stripe's form parser", () => {
  it('reads nested objects and indexed arrays as the Stripe SDK encodes them', () => {
    const form = parseForm(
      'customer=cus_1&invoice_settings[default_payment_method]=pm_1&expand[0]=a&expand[1]=b&metadata%5Buser_id%5D=7&payment_method_data[card][number]=4242',
    );
    expect(form).toEqual({
      customer: 'cus_1',
      invoice_settings: { default_payment_method: 'pm_1' },
      expand: ['a', 'b'],
      metadata: { user_id: '7' },
      payment_method_data: { card: { number: '4242' } },
    });
  });

  it('appends `a[]` values and keeps an empty value', () => {
    expect(parseForm('types[]=card&types[]=link&name=')).toEqual({ types: ['card', 'link'], name: '' });
  });
});
