/**
 * Calls GetInfo through hub-nodejs's getSSLHubRpcClient and prints the version: the TLS test runs it as a
 * child process, because grpc-js reads GRPC_DEFAULT_SSL_ROOTS_FILE_PATH (the test's own CA) only at load.
 *
 *   GRPC_DEFAULT_SSL_ROOTS_FILE_PATH=cert.pem node --import tsx test/support/ssl-hub-client.ts host:port
 */
import { getSSLHubRpcClient } from '@farcaster/hub-nodejs';

const client = getSSLHubRpcClient(process.argv[2] ?? '');
const info = await client.getInfo({});
client.close();
if (info.isErr()) {
  console.error(info.error.message);
  process.exit(1);
}
console.log(info.value.version);
