export { startGrpcServer } from './server.js';
export type { GrpcServer, GrpcServerOptions } from './server.js';
export { HUB_SERVICE } from './hub-service.js';
