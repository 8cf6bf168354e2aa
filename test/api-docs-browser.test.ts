import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { forEachDialect } from '../src/storage/testing.js';
import { openServiceApps, type ServiceApp } from './support/service-apps.js';

/**
 * Each service's `/docs` page in headless Chromium: Swagger UI loads from the service itself under its
 * CSP, renders the service's OpenAPI document, lists a route the service is known for, and the browser
 * reports no error (a CSP violation or a failed asset would be one).
 */

/** A route each page must list: one per service, from its own part of the spec. */
const KNOWN_ROUTE = { node: '/v1/castById', names: '/transfers/current', social: '/v2/channel-feed' };

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
});
after(() => browser?.close());

forEachDialect('API reference pages', (dialect) => {
  let services: ServiceApp[] = [];
  before(async () => {
    services = await openServiceApps(dialect);
  });
  after(() => Promise.all(services.map((each) => each.close())));

  for (const service of ['node', 'names', 'social'] as const) {
    it(`${service}: /docs renders the OpenAPI document with no console error`, async () => {
      const { app } = services.find((each) => each.service === service)!;
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('requestfailed', (request) =>
        problems.push(`${request.url()}: ${request.failure()?.errorText}`),
      );
      try {
        const response = await page.goto(`${url}/docs`);
        assert.equal(response?.status(), 200);
        assert.match(response?.headers()['content-security-policy'] ?? '', /default-src 'self'/);
        const route = page.locator('.opblock-summary-path', { hasText: KNOWN_ROUTE[service] }).first();
        await route.waitFor({ timeout: 15_000 });
        assert.ok((await page.locator('.opblock').count()) > 3, 'the page lists the routes');
        // The summary beside the path comes from the route's schema.
        const summary = await route.locator('xpath=..').locator('.opblock-summary-description').textContent();
        assert.ok(summary !== null && summary.length > 0, `${KNOWN_ROUTE[service]} has a summary`);
        // Opening a route shows its parameters and response, rendered without errors.
        await route.click();
        await page.locator('.opblock.is-open .responses-table').first().waitFor({ timeout: 15_000 });
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
});
