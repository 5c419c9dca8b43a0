import { josa } from 'es-hangul';

/**
 * The object particle (을 or 를) after a word as it is read: Korean sentences put it after the
 * placeholder; other languages' catalogues leave it out.
 */
export const objectParticle = (word: string): string => josa.pick(word, '을/를');
