const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Chinese text in toneless pinyin, as a carrier takes it: each syllable capitalised ("深圳市" → "Shen Zhen
 * Shi"), other characters kept ("仓库 B 区" → "Cang Ku B Qu"). A person's name all in Chinese reads as
 * surname and given name ("王小明" → "Wang Xiaoming"), the surname pronounced as one (单 → Shan).
 * pinyin-pro and its dictionary are loaded on the first conversion only, outside the order screen's bundle.
 */
export async function toPinyin(text: string, personName = false): Promise<string> {
  const { pinyin } = await import('pinyin-pro');
  const trimmed = text.trim();
  const asName = personName && /^\p{Script=Han}{2,}$/u.test(trimmed);
  const syllables = pinyin(trimmed, {
    toneType: 'none',
    type: 'array',
    nonZh: 'consecutive',
    surname: asName ? 'head' : 'off',
  });
  const words = syllables.map((syllable) => syllable.trim()).filter(Boolean);
  if (asName) return [words[0] ?? '', words.slice(1).join('')].map(capitalised).join(' ').trim();
  return words.map(capitalised).join(' ');
}
