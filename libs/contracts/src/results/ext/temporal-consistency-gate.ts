import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';

export const temporalConsistencyResult = extendedResult('newer', {
  consistent: z.boolean().meta({ description: 'No rule found anything to block or review.' }),
  actionableItemIds: z.array(z.string()).meta({ description: 'Items in force at evaluatedAt with no critical finding, and building on no item with one.' }),
  rejectedItemIds: z.array(z.string()).meta({ description: 'Items with a critical finding, or building (through references) on one.' }),
  causalOrder: z.array(z.string()).meta({ description: 'Every item in an order where each comes after the items it references (ties by issuedAt, then itemId); empty when references form a cycle.' }),
  actBefore: z.iso.datetime().nullable().meta({ description: 'The earliest validUntil among the actionable items: when the bundle stops being usable as a whole; null when none expires.' }),
});
