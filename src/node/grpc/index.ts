export { startGrpcServer } from './server.js';
export type { GrpcServer, GrpcServerOptions } from './server.js';
