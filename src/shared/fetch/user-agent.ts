/**
 * The User-Agent of one Agora service reading another (the node following the registry, the social API
 * following the node). Their requests are logged at debug, so an idle system does not log its own polls;
 * anyone can send it, so it only changes how a request is logged, never what it may do.
 */
export const AGORA_USER_AGENT = 'agora-service';

export function isAgoraService(userAgent: string | undefined): boolean {
  return userAgent === AGORA_USER_AGENT;
}
