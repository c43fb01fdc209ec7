import { FONT_ALIASES, FONT_KEYS } from './font-keys';

/**
 * The text of an INVALID_FONT answer: every key and alias the catalogue
 * accepts. Built from the key list alone, so the API can answer without
 * loading the catalogue.
 */
export function availableFontsMessage(): string {
  const aliases = Object.entries(FONT_ALIASES).map(([alias, key]) => `${alias} (= ${key})`);
  return `Available font keys: ${FONT_KEYS.join(', ')}. Aliases: ${aliases.join(', ')}.`;
}
