import { channelUrl } from './channels.js';
import { submit } from './http.js';
import { castIdOf } from './messages.js';
import type { Person } from './people.js';

/**
 * Follows, casts (some into the channels), replies and reactions, submitted to the node; returns the casts
 * the moderation step pins and hides.
 */
export async function converse(
  nodeUrl: string,
  [alice, bob, carol, dan, erin]: readonly [Person, Person, Person, Person, Person],
) {
  const follows: [Person, Person][] = [
    [alice, bob],
    [bob, alice],
    [carol, alice],
    [carol, bob],
    [dan, alice],
    [dan, carol],
    [erin, alice],
    [alice, carol],
  ];
  for (const [from, to] of follows) await submit(nodeUrl, from.follow(to.fid));
  const gm = alice.cast('gm farcaster, agora is up');
  const welcome = alice.cast('Welcome to /cats! Post your cats, be kind.', {
    channelUrl: channelUrl('cats'),
  });
  const shipping = bob.cast('Shipped the channel feed today', { channelUrl: channelUrl('agora') });
  const catPhoto = carol.cast('My cat found the one sunny spot in the flat', {
    channelUrl: channelUrl('cats'),
  });
  const offTopic = dan.cast('anyone want to buy a used bike?', { channelUrl: channelUrl('cats') });
  const spam = erin.cast('FREE TOKENS click here', { channelUrl: channelUrl('cats') });
  for (const cast of [gm, welcome, shipping, catPhoto, offTopic, spam]) await submit(nodeUrl, cast);
  const replies = [
    bob.cast('gm! good to see it running', { replyTo: castIdOf(gm) }),
    carol.cast('gm gm', { replyTo: castIdOf(gm) }),
    alice.cast('Great spot, what a cat', { replyTo: castIdOf(catPhoto) }),
    dan.cast('Which release is that in?', { replyTo: castIdOf(shipping) }),
  ];
  for (const reply of replies) await submit(nodeUrl, reply);
  const reactions = [
    bob.react('like', castIdOf(gm)),
    carol.react('like', castIdOf(gm)),
    dan.react('recast', castIdOf(gm)),
    alice.react('like', castIdOf(catPhoto)),
    alice.react('recast', castIdOf(shipping)),
  ];
  for (const reaction of reactions) await submit(nodeUrl, reaction);

  return { welcome, offTopic };
}
