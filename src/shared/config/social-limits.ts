/** The social API's abuse limits and relayer quotas (issue 19), spread into SocialOptions. */
export const socialLimitOptions = {};
