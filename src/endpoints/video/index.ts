import type { EndpointDefinition } from '../../core/define-endpoint';
import channel from './channel';
import channelAbout from './channel-about';
import channelChannels from './channel-channels';
import channelCommunity from './channel-community';
import channelLivestreams from './channel-livestreams';
import channelPlaylists from './channel-playlists';
import channelSearch from './channel-search';
import channelShorts from './channel-shorts';
import channelStore from './channel-store';
import channelVideos from './channel-videos';
import comments from './comments';
import hashtag from './hashtag';
import home from './home';
import hype from './hype';
import metadata from './metadata';
import playlist from './playlist';
import post from './post';
import postComments from './post-comments';
import related from './related';
import resolve from './resolve';
import screenshot from './screenshot';
import search from './search';
import shorts from './shorts';
import shortsInfo from './shorts-info';
import subtitles from './subtitles';
import suggest from './suggest';
import transcript from './transcript';
import trending from './trending';
import video from './video';
import videoInfo from './video-info';

/** The video platform's data (the video family: a vendor, or the sandbox's platform). */
export const videoEndpoints: readonly EndpointDefinition<any, any>[] = [
  channel, channelAbout, channelChannels, channelCommunity, channelLivestreams, channelPlaylists, channelSearch, channelShorts, channelStore, channelVideos,
  comments, hashtag, home, hype, metadata, playlist, post, postComments, related, resolve, screenshot, search, shorts, shortsInfo, subtitles, suggest,
  transcript, trending, video, videoInfo,
];
