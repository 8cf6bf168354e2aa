export * from './domains.js';
export * from './gasless-keys.js';
export * from './signed-key-request-metadata.js';
export * from './sponsorship.js';
export * from './typed-data.js';
export * from './typed-messages.js';
export * from './verification-claims.js';
export * from './verify.js';
