import { DARK_PATTERN_PHRASES, DESTRUCTIVE_WARNING_WORDS, PAY_VERBS, PURPOSE_CUES, RECURRENCE_WORDS, consentText, phraseMatcher } from './consent-language.js';

const LISTS = { DARK_PATTERN_PHRASES, DESTRUCTIVE_WARNING_WORDS, PAY_VERBS, PURPOSE_CUES, RECURRENCE_WORDS };

describe('consent-language lists (authored, §R)', () => {
  it.each(Object.entries(LISTS))('%s: lowercase, trimmed, unique, straight apostrophes', (_, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list).size).toBe(list.length);
    for (const phrase of list) expect(phrase).toBe(consentText(phrase).trim());
  });

  it('matches a phrase as a whole, never inside a longer word', () => {
    expect(phraseMatcher('act now').test(consentText('Act NOW, it is cheap'))).toBe(true);
    expect(phraseMatcher('act now').test('react nowhere')).toBe(false);
    expect(phraseMatcher('every').test('delivered everyday')).toBe(false);
    expect(phraseMatcher('every').test('charged every month')).toBe(true);
    expect(phraseMatcher('don\'t miss out').test(consentText('Don’t miss out!'))).toBe(true);
    expect(phraseMatcher('no-brainer').test('a no-brainer.')).toBe(true);
  });

  it('the urgency list holds pressure phrases, not the neutral words of a consent prompt', () => {
    const neutral = consentText('Pay 0.01 USDC on Base to get the wallet report. Cancel to go back.');
    expect(DARK_PATTERN_PHRASES.filter((p) => phraseMatcher(p).test(neutral))).toEqual([]);
    const pushy = consentText('Hurry, limited time: act now or you\'ll regret it!');
    expect(DARK_PATTERN_PHRASES.filter((p) => phraseMatcher(p).test(pushy))).toEqual(['act now', 'hurry', 'limited time', 'you\'ll regret']);
  });
});
