import type { HttpApp } from '../../src/shared/http/index.js';
import type { ServiceName } from '../../src/shared/http/index.js';
import { namesHarness } from '../../src/names/testing.js';
import { openNodeHttp } from '../../src/node/http/testing.js';
import { openSocialHarness } from '../../src/social/testing.js';
import type { Dialect } from '../../src/storage/index.js';

export interface ServiceApp {
  service: ServiceName;
  app: HttpApp;
  close(): Promise<void>;
}

/** Each service's HTTP app on a fresh database of `dialect`, built by its own test harness. */
export async function openServiceApps(dialect: Dialect): Promise<ServiceApp[]> {
  const node = await openNodeHttp(dialect);
  const names = await namesHarness(dialect);
  const social = await openSocialHarness(dialect);
  return [
    { service: 'node', app: node.app, close: () => node.close() },
    { service: 'names', app: names.app, close: () => names.cleanup() },
    { service: 'social', app: social.app, close: () => social.close() },
  ];
}
