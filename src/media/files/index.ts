/**
 * Real media files made and read locally, for the media sandbox: deterministic PNG, WAV, MP3 and
 * MP4 from a prompt, and the analysis of images and videos. ffmpeg does the encoding and decoding
 * pure TypeScript cannot do cheaply (scripts/ensure-ffmpeg.sh installs it).
 */
export { makeImage, dimensionsForAspectRatio, IMAGE_SIDE, type ImageRequest } from './image';
export { makeAudio, MAX_AUDIO_SECONDS, type AudioRequest } from './audio';
export { makeVideo, VIDEO_LIMITS, type VideoRequest } from './video';
export { analyseImage, analyseVideo, UnsupportedMediaError, type ImageAnalysis, type VideoAnalysis } from './analyse';
export { FfmpegError, type FfmpegOptions } from './ffmpeg';
export { seedFrom, randomFor, SeededRandom } from './seed';
export { measureFile, type FileMeasure } from './measure';
