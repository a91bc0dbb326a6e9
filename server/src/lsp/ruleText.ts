// Rule vocabulary shown on hover: the words of an ability that name a rule,
// with the rule's number and a short quote of the current text.

export interface RuleEntry {
  /** Lower-case phrase as it appears in ability text. */
  phrase: string;
  rule: string;
  text: string;
}

export const RULE_WORDS: RuleEntry[] = [
  { phrase: 'until end of turn', rule: '514.2', text: 'In the cleanup step, "until end of turn" and "this turn" effects end.' },
  { phrase: 'this turn', rule: '514.2', text: 'In the cleanup step, "until end of turn" and "this turn" effects end.' },
  { phrase: 'for as long as', rule: '611.2b', text: 'A continuous effect from a resolved spell or ability that lasts "for as long as" something does nothing if that duration has already ended when it would begin.' },
  { phrase: 'as long as', rule: '611.3', text: 'A static ability\'s effect applies at all times while the condition holds; it is not locked in.' },
  { phrase: 'in addition to its other types', rule: '205.1b', text: 'An effect that adds a type keeps the object\'s other card types and subtypes.' },
  { phrase: 'in addition to their other types', rule: '205.1b', text: 'An effect that adds a type keeps the object\'s other card types and subtypes.' },
  { phrase: 'still a land', rule: '205.1b', text: 'An effect that says the object is "still a [type]" keeps its prior card types and subtypes.' },
  { phrase: 'base power and toughness', rule: '613.4b', text: 'Layer 7b: effects that set power and/or toughness to a specific value.' },
  { phrase: 'power and toughness are each equal to', rule: '604.3 / 613.4a', text: 'A characteristic-defining ability applies in layer 7a, before other effects.' },
  { phrase: 'switch', rule: '613.4d', text: 'Layer 7d: effects that switch a creature\'s power and toughness.' },
  { phrase: 'copy of', rule: '707.2', text: 'Copying an object copies its copiable values: printed values, other copy effects, and exceptions of copy effects (layer 1a).' },
  { phrase: 'face down', rule: '708.2', text: 'A face-down permanent is a 2/2 creature with no name, text, subtypes or mana cost (layer 1b).' },
  { phrase: 'enters tapped', rule: '614.1c', text: 'Effects that read "[This permanent] enters tapped" are replacement effects.' },
  { phrase: 'instead', rule: '614.1a', text: 'Effects that use the word "instead" are replacement effects.' },
  { phrase: 'prevent', rule: '615.1', text: 'Prevention effects apply to damage and act like shields.' },
  { phrase: 'gets', rule: '613.4c', text: 'Layer 7c: effects and counters that modify power and/or toughness.' },
  { phrase: 'loses all abilities', rule: '613.1f', text: 'Layer 6: ability-adding, ability-removing, and "can\'t have" effects.' },
  { phrase: 'lose all abilities', rule: '613.1f', text: 'Layer 6: ability-adding, ability-removing, and "can\'t have" effects.' },
  { phrase: 'gain control', rule: '613.1b', text: 'Layer 2: control-changing effects.' },
  { phrase: 'change the text', rule: '612.2', text: 'A text-changing effect changes only words used in the correct way (layer 3).' },
  { phrase: 'is every creature type', rule: '702.73a', text: 'Changeling: this object is every creature type (a characteristic-defining ability).' },
  { phrase: 'changeling', rule: '702.73a', text: 'Changeling: this object is every creature type (a characteristic-defining ability).' },
  { phrase: 'lands are', rule: '305.7', text: 'Setting a land\'s subtype replaces its old land types and removes its rules-text abilities; it gains the new type\'s mana ability.' },
];

/** The rule phrase under `offset` in `text`, if any (longest match). */
export function ruleAt(text: string, offset: number): (RuleEntry & { start: number; end: number }) | undefined {
  const lower = text.toLowerCase();
  let best: (RuleEntry & { start: number; end: number }) | undefined;
  for (const r of RULE_WORDS) {
    let i = lower.indexOf(r.phrase);
    while (i >= 0) {
      if (offset >= i && offset <= i + r.phrase.length && (!best || r.phrase.length > best.phrase.length)) best = { ...r, start: i, end: i + r.phrase.length };
      i = lower.indexOf(r.phrase, i + 1);
    }
  }
  return best;
}

export const SUBLAYER_TEXT: Record<string, string> = {
  '1a': 'Layer 1a: copiable values are modified by copy effects (707).',
  '1b': 'Layer 1b: face-down spells and permanents (708).',
  '2': 'Layer 2: control-changing effects.',
  '3': 'Layer 3: text-changing effects (612).',
  '4': 'Layer 4: type-changing effects.',
  '5': 'Layer 5: color-changing effects.',
  '6': 'Layer 6: ability-adding, ability-removing and "can\'t have" effects.',
  '7a': 'Layer 7a: characteristic-defining abilities that define power and/or toughness.',
  '7b': 'Layer 7b: effects that set power and/or toughness.',
  '7c': 'Layer 7c: effects and counters that modify power and/or toughness.',
  '7d': 'Layer 7d: effects that switch power and toughness.',
  player: '613.10: effects on players, after objects.',
  rules: '613.11: effects on the rules of the game, last.',
};
