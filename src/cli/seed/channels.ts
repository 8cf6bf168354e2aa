/** The seeded channels, as their owners create them. */
export const CHANNELS = {
  cats: { id: 'cats', name: 'Cats', description: 'All about cats, curated by @alice' },
  agora: { id: 'agora', name: 'Agora', description: 'The self-hosted Farcaster node, names and social API' },
} as const;

/** The url a channel's casts name as their parent: the social API's form for channels made by users. */
export const channelUrl = (id: string) => `https://farcaster.xyz/~/channel/${id}`;
