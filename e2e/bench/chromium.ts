import { type Browser, chromium } from '@playwright/test';

/** Debian's Chromium, headless, with the flags playwright.config.ts gives the specs (the benches run outside it). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
