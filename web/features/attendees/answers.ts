import type { AnswerValue } from '../../../common/answers';

/**
 * An answer as one reads it: text as given, chosen options separated by commas, an address
 * one line per part (blank parts left out).
 */
export function answerLines(answer: AnswerValue): string[] {
  if (typeof answer === 'string') return answer.trim() === '' ? [] : [answer];
  if (Array.isArray(answer)) return answer.length === 0 ? [] : [answer.join(', ')];
  const cityLine = [answer.zip_or_postal_code, answer.city].filter((part) => part.trim()).join(' ');
  return [answer.address_line_1, answer.address_line_2, cityLine, answer.state_or_region, answer.country]
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
