import { randomFor, type SeededRandom } from './seed';

/** CD audio's sample rate: what every player and encoder takes without resampling. */
export const SAMPLE_RATE = 44_100;

/** Scales as semitones above the root: pentatonic ones, in which no two notes clash. */
const SCALES: readonly (readonly number[])[] = [
  [0, 2, 4, 7, 9],
  [0, 3, 5, 7, 10],
  [0, 2, 5, 7, 9],
];
/** Note lengths in beats, the common ones more likely. */
const NOTE_BEATS = [0.5, 0.5, 1, 1, 1, 1.5, 2];

/**
 * A melody over a bass line for the prompt, as 16-bit mono samples at SAMPLE_RATE: exactly
 * round(durationSeconds × SAMPLE_RATE) of them, the same for the same prompt. The key, scale and
 * tempo come from the prompt; the tune is a random walk on the scale with the odd rest.
 */
export function melodySamples(prompt: string, durationSeconds: number): Int16Array {
  const random = randomFor('audio', prompt);
  const sampleCount = Math.round(durationSeconds * SAMPLE_RATE);
  const mix = new Float32Array(sampleCount);
  const root = random.integer(57, 64);
  const scale = random.pick(SCALES);
  const beatSeconds = 60 / random.integer(84, 132);
  const timbre = random.between(0.1, 0.5);

  addMelody(mix, random, { root, scale, beatSeconds, timbre });
  addBass(mix, { root, scale, beatSeconds });
  return toSixteenBit(mix);
}

interface Key {
  root: number;
  scale: readonly number[];
  beatSeconds: number;
}

function addMelody(mix: Float32Array, random: SeededRandom, key: Key & { timbre: number }): void {
  const totalSeconds = mix.length / SAMPLE_RATE;
  // Degrees count scale steps from the root; two octaves up from it keeps the tune singable.
  let degree = random.integer(0, key.scale.length * 2 - 1);
  for (let start = 0; start < totalSeconds; ) {
    const seconds = random.pick(NOTE_BEATS) * key.beatSeconds;
    if (random.next() >= 0.12) {
      degree = Math.min(key.scale.length * 2, Math.max(0, degree + random.integer(-2, 2)));
      addNote(mix, { frequency: frequencyOf(key, degree), start, seconds, loudness: 0.32, timbre: key.timbre });
    }
    start += seconds;
  }
}

/** The root on each bar's first beats, the fifth on its last: a floor under the tune. */
function addBass(mix: Float32Array, key: Key): void {
  const totalSeconds = mix.length / SAMPLE_RATE;
  const barSeconds = key.beatSeconds * 4;
  for (let bar = 0; bar * barSeconds < totalSeconds; bar++) {
    const start = bar * barSeconds;
    addNote(mix, { frequency: midiFrequency(key.root - 24), start, seconds: barSeconds / 2, loudness: 0.22, timbre: 0 });
    addNote(mix, { frequency: midiFrequency(key.root - 17), start: start + barSeconds / 2, seconds: barSeconds / 2, loudness: 0.18, timbre: 0 });
  }
}

interface Note {
  frequency: number;
  start: number;
  seconds: number;
  loudness: number;
  /** How much triangle wave (brighter) is mixed with the sine, 0–1. */
  timbre: number;
}

function addNote(mix: Float32Array, note: Note): void {
  const first = Math.round(note.start * SAMPLE_RATE);
  const length = Math.min(Math.round(note.seconds * SAMPLE_RATE), mix.length - first);
  // A fast attack and a release to silence: a note that starts or stops abruptly clicks.
  const attack = Math.min(0.01 * SAMPLE_RATE, length / 4);
  const release = Math.min(0.08 * SAMPLE_RATE, length / 3);
  const step = note.frequency / SAMPLE_RATE;
  for (let index = 0; index < length; index++) {
    const envelope = Math.min(1, index / attack, (length - index) / release) * (1 - (0.3 * index) / length);
    const phase = (index * step) % 1;
    const sine = Math.sin(2 * Math.PI * phase);
    const triangle = 1 - 4 * Math.abs(phase - 0.5);
    mix[first + index] = mix[first + index]! + note.loudness * envelope * ((1 - note.timbre) * sine + note.timbre * triangle);
  }
}

function frequencyOf(key: Key, degree: number): number {
  const octave = Math.floor(degree / key.scale.length);
  return midiFrequency(key.root + 12 * octave + key.scale[degree % key.scale.length]!);
}

function midiFrequency(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** The mix as 16-bit samples, faded in and out over a few milliseconds so it starts and ends on silence. */
function toSixteenBit(mix: Float32Array): Int16Array {
  const samples = new Int16Array(mix.length);
  const fade = Math.min(0.02 * SAMPLE_RATE, mix.length / 2);
  for (let index = 0; index < mix.length; index++) {
    const edge = Math.min(1, index / fade, (mix.length - 1 - index) / fade);
    samples[index] = Math.round(Math.max(-1, Math.min(1, mix[index]! * edge)) * 32_767);
  }
  return samples;
}
