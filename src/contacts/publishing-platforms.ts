/**
 * Domains where anyone can publish (blogging and newsletter platforms, free site hosts, social and
 * professional networks, news aggregators): a page there is its author's, not the platform's, so
 * its author is no employee of the platform and has no address at its domain. Compiled for
 * Tollgate from the platforms' own pages (which domains they serve their users' pages on), released
 * with this project under its licence. Subdomains count too (janedoe.substack.com, see
 * domain-lists.ts). Webmail and disposable domains are no company's either, but have their own lists.
 */
export const PUBLISHING_PLATFORM_DOMAINS: readonly string[] = [
  // Blogging and newsletter platforms
  'medium.com', 'substack.com', 'wordpress.com', 'wp.com', 'blogspot.com', 'blogger.com', 'tumblr.com', 'ghost.io', 'hashnode.dev', 'hashnode.com',
  'dev.to', 'beehiiv.com', 'buttondown.email', 'mirror.xyz', 'write.as', 'bearblog.dev', 'micro.blog', 'typepad.com', 'livejournal.com',
  'over-blog.com', 'hatenablog.com', 'hatenablog.jp', 'note.com', 'ameblo.jp', 'tistory.com', 'qiita.com', 'zenn.dev', 'habr.com', 'vc.ru',
  'telegra.ph', 'teletype.in', 'steemit.com', 'hubpages.com', 'vocal.media', 'patreon.com', 'ko-fi.com', 'buymeacoffee.com', 'blog.naver.com',
  'blog.jp', 'linktr.ee',
  // Free site hosts and developer pages
  'github.io', 'gitlab.io', 'netlify.app', 'vercel.app', 'pages.dev', 'web.app', 'firebaseapp.com', 'herokuapp.com', 'glitch.me',
  'wixsite.com', 'weebly.com', 'squarespace.com', 'webflow.io', 'carrd.co', 'notion.site', 'neocities.org', 'jimdofree.com', 'strikingly.com',
  'sites.google.com', 'readthedocs.io', 'gitbook.io',
  // Social and professional networks (prof.com, network.com, micro.com, code.com, photos.com, video.com: the sandbox's stand-ins), forums and Q&A
  'linkedin.com', 'prof.com', 'network.com', 'micro.com', 'code.com', 'photos.com', 'video.com', 'facebook.com', 'x.com', 'twitter.com',
  'instagram.com', 'threads.net', 'mastodon.social', 'bsky.app', 'reddit.com', 'quora.com', 'stackoverflow.com', 'stackexchange.com',
  'youtube.com', 'github.com', 'gitlab.com', 'producthunt.com', 'news.ycombinator.com', 'slideshare.net', 'scribd.com', 'issuu.com',
  // News aggregators
  'news.google.com', 'news.yahoo.com', 'flipboard.com', 'apple.news', 'feedly.com', 'smartnews.com', 'newsbreak.com',
];
