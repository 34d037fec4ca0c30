/**
 * Consent-language lists the x402-* family authors itself (design sheet §R "Our authored lists", CC0),
 * versioned with X402_REFERENCE_DATA_VERSION: what a checkout screen or a paid tool's confirmation
 * prompt says about urgency, recurrence, paying and irreversibility. Every entry is lowercase and is
 * matched as a whole phrase (not inside a longer word) in lowercased text whose curly apostrophes
 * were made straight.
 */

/** Urgency, pressure and confirm-shaming phrases (#39 URGENCY_LANGUAGE): a consent prompt needs none of them. */
export const DARK_PATTERN_PHRASES = [
  'act now',
  'act fast',
  'hurry',
  'hurry up',
  'limited time',
  'limited-time',
  'only today',
  'today only',
  'last chance',
  'final chance',
  'don\'t miss out',
  'do not miss out',
  'don\'t miss this',
  'before it\'s too late',
  'expires soon',
  'ends soon',
  'offer ends',
  'while supplies last',
  'almost gone',
  'selling fast',
  'only a few left',
  'right now',
  'immediately',
  'urgent',
  'no time to think',
  'don\'t think',
  'just click',
  'you\'ll regret',
  'you will regret',
  'everyone is buying',
  'no thanks, i don\'t want',
  'i don\'t want to save',
  'i prefer to pay more',
  'no-brainer',
  'risk-free',
] as const;

/**
 * Words that disclose a recurring charge (#38 recurrence disclosure, #39 RECURRENCE_UNDISCLOSED): the
 * sheet's recurring, subscription and every, and the period words a checkout usually says instead.
 */
export const RECURRENCE_WORDS = ['recurring', 'subscription', 'every', 'renews', 'renewal', 'monthly', 'weekly', 'yearly', 'annually', 'per month', 'per week', 'per year', 'a month', 'a year'] as const;

/** Verbs that name the act of paying on a confirm button (#39 VAGUE_CONFIRM needs one next to the amount). */
export const PAY_VERBS = ['pay', 'buy', 'purchase', 'subscribe', 'spend', 'authorize', 'authorise', 'approve', 'send', 'charge', 'order'] as const;

/** Words that warn of a destructive effect (#39 DESTRUCTIVE_UNSTATED). */
export const DESTRUCTIVE_WARNING_WORDS = [
  'warning',
  'delete',
  'deletes',
  'remove',
  'removes',
  'overwrite',
  'overwrites',
  'destroy',
  'destroys',
  'erase',
  'erases',
  'irreversible',
  'permanent',
  'permanently',
  'cannot be undone',
  'can\'t be undone',
] as const;

/** Phrases that state what a paid call is for (#39 SUBJECT_MISSING), as in "to get your report" or "for the audit". */
export const PURPOSE_CUES = ['to get', 'to run', 'to fetch', 'to check', 'to analyze', 'to analyse', 'to generate', 'to create', 'to call', 'to use', 'to see', 'to receive', 'to access', 'to unlock', 'to download', 'for the', 'for your', 'for this'] as const;

/** The matcher the lists are used with: the phrase as a whole (no letter or digit on either side) in lowercased text. */
export function phraseMatcher(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
}

/** Text as the lists are matched against it: lowercased, curly apostrophes straight. */
export const consentText = (text: string): string => text.toLowerCase().replace(/[\u2018\u2019]/g, '\'');
