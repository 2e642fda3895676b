import type { FeedblockingSite } from '@stillpoint/core';
import type { FeedSiteDefinition } from '../types';
import { facebook } from './facebook';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { reddit } from './reddit';
import { twitter } from './twitter';
import { youtube } from './youtube';

/** The six sites of SPEC §1 and where their feeds are. */
export const FEED_SITES: Record<FeedblockingSite, FeedSiteDefinition> = {
  facebook,
  youtube,
  twitter,
  linkedin,
  instagram,
  reddit,
};
