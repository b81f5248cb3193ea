/**
 * A small stand-in for Stripe.js (https://js.stripe.com/...), served to Chromium by a Playwright route: Stripe.js
 * cannot be downloaded here, and it is the network boundary (ARCHITECTURE.md "Tests").
 *
 * It implements the subset that @stripe/stripe-js and @stripe/react-stripe-js call: `Stripe(key)` with `elements()`
 * -> `create('card', options)` (mount, on, off, update, clear, destroy, focus, blur), `getElement`, and
 * `confirmCardSetup(clientSecret, { payment_method: { card } })`, which confirms the SetupIntent against the fake
 * Stripe REST server like the real one does against api.stripe.com. The card element is plain inputs (labelled
 * "Card number", "Expiration date", "CVC", and "ZIP" unless `hidePostalCode`); client-side checks answer Stripe's
 * own texts. `window.__fakeStripe` records the keys and element options it was given.
 */
export function fakeStripeJs(apiBase: string): string {
  return `(() => {
  const apiBase = ${JSON.stringify(apiBase)};
  const record = (window.__fakeStripe = window.__fakeStripe || { keys: [], elementOptions: [] });

  function luhn(number) {
    if (!/^\\d{12,19}$/.test(number)) return false;
    let sum = 0;
    for (let i = 0; i < number.length; i += 1) {
      let digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function validation(code, message) {
    return { type: 'validation_error', code, message };
  }

  function readCard(inputs) {
    const number = inputs.number.value.replace(/\\s+/g, '');
    const expiry = inputs.expiry.value.replace(/\\s+/g, '');
    const cvc = inputs.cvc.value.trim();
    const [month, year] = expiry.split('/');
    if (number === '') return { error: validation('incomplete_number', 'Your card number is incomplete.') };
    if (number.length < 15) return { error: validation('incomplete_number', 'Your card number is incomplete.') };
    if (!luhn(number)) return { error: validation('invalid_number', 'Your card number is invalid.') };
    if (!month || !year) return { error: validation('incomplete_expiry', "Your card's expiration date is incomplete.") };
    if (cvc.length < 3) return { error: validation('incomplete_cvc', "Your card's security code is incomplete.") };
    return { card: { number, exp_month: month, exp_year: year, cvc } };
  }

  function createCardElement(options) {
    const listeners = {};
    const emit = (event, payload) => (listeners[event] || []).slice().forEach((cb) => cb(payload));
    const wrapper = document.createElement('div');
    wrapper.className = 'FakeStripeCard';
    wrapper.style.display = 'flex';
    wrapper.style.gap = '8px';
    const field = (name, label, placeholder, width, autocomplete) => {
      const input = document.createElement('input');
      input.name = name;
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.inputMode = 'numeric';
      input.style.cssText = 'border:0;outline:none;background:transparent;font:inherit;min-width:0;width:' + width;
      input.addEventListener('focus', () => { wrapper.parentElement && wrapper.parentElement.classList.add('StripeElement--focus'); emit('focus', { elementType: 'card' }); });
      input.addEventListener('blur', () => { wrapper.parentElement && wrapper.parentElement.classList.remove('StripeElement--focus'); emit('blur', { elementType: 'card' }); });
      input.addEventListener('input', () => {
        const number = inputs.number.value.replace(/\\s+/g, '');
        const error = number.length >= 15 && !luhn(number) ? validation('invalid_number', 'Your card number is invalid.') : undefined;
        const complete = !readCard(inputs).error;
        emit('change', { elementType: 'card', empty: number === '', complete, error, brand: number.startsWith('4') ? 'visa' : 'unknown' });
      });
      wrapper.appendChild(input);
      return input;
    };
    const inputs = {};
    inputs.number = field('cardnumber', 'Card number', '1234 1234 1234 1234', '55%', 'cc-number');
    inputs.expiry = field('exp-date', 'Expiration date', 'MM / YY', '20%', 'cc-exp');
    inputs.cvc = field('cvc', 'CVC', 'CVC', '15%', 'cc-csc');
    if (!(options && options.hidePostalCode)) inputs.postal = field('postal', 'ZIP', 'ZIP', '15%', 'postal-code');

    const element = {
      __inputs: inputs,
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        node.classList.add('StripeElement');
        node.appendChild(wrapper);
        setTimeout(() => emit('ready', { elementType: 'card' }), 0);
      },
      on(event, cb) { (listeners[event] = listeners[event] || []).push(cb); return element; },
      off(event, cb) { listeners[event] = (listeners[event] || []).filter((x) => x !== cb); return element; },
      update() {},
      clear() { Object.values(inputs).forEach((input) => { input.value = ''; }); },
      focus() { inputs.number.focus(); },
      blur() { document.activeElement && document.activeElement.blur(); },
      unmount() { wrapper.remove(); },
      destroy() { wrapper.remove(); },
    };
    return element;
  }

  function Stripe(key) {
    record.keys.push(key);
    const stripe = {
      _registerWrapper() {},
      registerAppInfo() {},
      elements() {
        const created = {};
        return {
          create(type, options) {
            if (type !== 'card') throw new Error('The fake Stripe.js only has the card element, not ' + type);
            record.elementOptions.push(options || {});
            created[type] = createCardElement(options);
            return created[type];
          },
          getElement(type) {
            const name = typeof type === 'string' ? type : type && type.__elementType;
            return created[name] || null;
          },
          update() {},
          fetchUpdates() { return Promise.resolve({}); },
        };
      },
      async confirmCardSetup(clientSecret, data) {
        const element = data && data.payment_method && data.payment_method.card;
        if (!element || !element.__inputs) return { error: validation('invalid_request', 'A card element is required.') };
        const read = readCard(element.__inputs);
        if (read.error) return { error: read.error };
        const id = clientSecret.split('_secret_')[0];
        const body = new URLSearchParams({
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': read.card.number,
          'payment_method_data[card][exp_month]': read.card.exp_month,
          'payment_method_data[card][exp_year]': read.card.exp_year,
          'payment_method_data[card][cvc]': read.card.cvc,
        });
        let response;
        try {
          response = await fetch(apiBase + '/v1/setup_intents/' + id + '/confirm', {
            method: 'POST',
            headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
            body,
          });
        } catch (cause) {
          return { error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Please try again.' } };
        }
        const json = await response.json();
        return response.ok ? { setupIntent: json } : { error: json.error };
      },
      createToken() { return Promise.resolve({ error: validation('unsupported', 'Not in the fake.') }); },
      createPaymentMethod() { return Promise.resolve({ error: validation('unsupported', 'Not in the fake.') }); },
      confirmCardPayment() { return Promise.resolve({ error: validation('unsupported', 'Not in the fake.') }); },
    };
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
}
