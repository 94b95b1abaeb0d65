/**
 * Domains of free personal mailbox providers ("webmail"): an address there belongs to a person,
 * not to a company. Compiled for Tollgate from the providers' own sign-up and help pages (which
 * domains each hands out addresses on) — a list of facts, no third party's list copied, released
 * with this project under its licence. Subdomains count too (see domain-lists.ts).
 *
 * Kept to providers with a real user base; regional providers by country. Disposable (throwaway)
 * providers are not here: that is the disposable list's job. Add a domain with its provider's
 * name in the comment of its group; a domain the disposable list holds does not belong here.
 */
export const WEBMAIL_DOMAINS: readonly string[] = [
  // Google
  'gmail.com', 'googlemail.com',
  // Microsoft
  'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'passport.com',
  'outlook.at', 'outlook.be', 'outlook.cl', 'outlook.co.id', 'outlook.co.il', 'outlook.co.nz', 'outlook.co.th', 'outlook.com.ar', 'outlook.com.au',
  'outlook.com.br', 'outlook.com.gr', 'outlook.com.tr', 'outlook.com.vn', 'outlook.cz', 'outlook.de', 'outlook.dk', 'outlook.es', 'outlook.fr',
  'outlook.hu', 'outlook.ie', 'outlook.in', 'outlook.it', 'outlook.jp', 'outlook.kr', 'outlook.lv', 'outlook.my', 'outlook.ph', 'outlook.pt',
  'outlook.sa', 'outlook.sg', 'outlook.sk',
  'hotmail.be', 'hotmail.ca', 'hotmail.ch', 'hotmail.cl', 'hotmail.co.id', 'hotmail.co.il', 'hotmail.co.in', 'hotmail.co.jp', 'hotmail.co.kr',
  'hotmail.co.nz', 'hotmail.co.th', 'hotmail.co.uk', 'hotmail.co.za', 'hotmail.com.ar', 'hotmail.com.au', 'hotmail.com.br', 'hotmail.com.mx',
  'hotmail.com.tr', 'hotmail.com.vn', 'hotmail.cz', 'hotmail.de', 'hotmail.dk', 'hotmail.es', 'hotmail.fi', 'hotmail.fr', 'hotmail.gr',
  'hotmail.hu', 'hotmail.it', 'hotmail.lt', 'hotmail.lv', 'hotmail.my', 'hotmail.nl', 'hotmail.no', 'hotmail.ph', 'hotmail.pt', 'hotmail.rs',
  'hotmail.se', 'hotmail.sg', 'hotmail.sk',
  'live.at', 'live.be', 'live.ca', 'live.cl', 'live.cn', 'live.co.kr', 'live.co.uk', 'live.co.za', 'live.com.ar', 'live.com.au', 'live.com.mx',
  'live.com.my', 'live.com.pt', 'live.com.sg', 'live.de', 'live.dk', 'live.fi', 'live.fr', 'live.hk', 'live.ie', 'live.in', 'live.it', 'live.jp',
  'live.nl', 'live.no', 'live.ru', 'live.se',
  'windowslive.com',
  // Yahoo (and its AOL, Verizon and regional brands)
  'yahoo.com', 'ymail.com', 'rocketmail.com', 'yahoo.at', 'yahoo.be', 'yahoo.ca', 'yahoo.cl', 'yahoo.co.id', 'yahoo.co.il', 'yahoo.co.in',
  'yahoo.co.jp', 'yahoo.co.kr', 'yahoo.co.nz', 'yahoo.co.th', 'yahoo.co.uk', 'yahoo.co.za', 'yahoo.com.ar', 'yahoo.com.au', 'yahoo.com.br',
  'yahoo.com.cn', 'yahoo.com.co', 'yahoo.com.hk', 'yahoo.com.mx', 'yahoo.com.my', 'yahoo.com.pe', 'yahoo.com.ph', 'yahoo.com.sg', 'yahoo.com.tr',
  'yahoo.com.tw', 'yahoo.com.vn', 'yahoo.cz', 'yahoo.de', 'yahoo.dk', 'yahoo.es', 'yahoo.fi', 'yahoo.fr', 'yahoo.gr', 'yahoo.hu', 'yahoo.ie',
  'yahoo.in', 'yahoo.it', 'yahoo.nl', 'yahoo.no', 'yahoo.pl', 'yahoo.pt', 'yahoo.ro', 'yahoo.se',
  'aol.com', 'aim.com', 'aol.co.uk', 'aol.de', 'aol.fr', 'aol.it', 'verizon.net', 'att.net', 'sbcglobal.net', 'bellsouth.net',
  // Apple
  'icloud.com', 'me.com', 'mac.com',
  // Privacy-minded providers
  'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me', 'tutanota.com', 'tutanota.de', 'tutamail.com', 'tuta.io', 'tuta.com', 'keemail.me',
  'posteo.de', 'posteo.net', 'mailbox.org', 'disroot.org', 'riseup.net', 'startmail.com', 'hushmail.com', 'hush.com', 'runbox.com', 'countermail.com',
  // Zoho, Fastmail and other international providers
  'zoho.com', 'zohomail.com', 'zohomail.eu', 'zohomail.in', 'fastmail.com', 'fastmail.fm', 'fastmail.net', 'fastmail.org', 'mail.com', 'email.com',
  'usa.com', 'post.com', 'europe.com', 'engineer.com', 'consultant.com', 'myself.com', 'inbox.com', 'lycos.com', 'excite.com', 'rediffmail.com',
  'hey.com', 'skiff.com', 'mailfence.com', 'ctemplar.com',
  // Germany, Austria, Switzerland
  'gmx.de', 'gmx.net', 'gmx.at', 'gmx.ch', 'gmx.com', 'gmx.co.uk', 'gmx.fr', 'gmx.es', 'gmx.us', 'web.de', 't-online.de', 'freenet.de', 'arcor.de',
  'online.de', 'kabelmail.de', 'vodafonemail.de', 'mail.de', 'email.de', 'bluewin.ch', 'hispeed.ch', 'sunrise.ch', 'aon.at', 'chello.at',
  // France, Belgium, Netherlands, Luxembourg
  'orange.fr', 'wanadoo.fr', 'free.fr', 'sfr.fr', 'neuf.fr', 'laposte.net', 'bbox.fr', 'numericable.fr', 'club-internet.fr', 'aliceadsl.fr',
  'skynet.be', 'telenet.be', 'proximus.be', 'ziggo.nl', 'kpnmail.nl', 'planet.nl', 'home.nl', 'hetnet.nl', 'casema.nl', 'xs4all.nl', 'pt.lu',
  // Italy, Spain, Portugal
  'libero.it', 'virgilio.it', 'tiscali.it', 'alice.it', 'tim.it', 'tin.it', 'fastwebnet.it', 'email.it', 'inwind.it', 'iol.it', 'aruba.it',
  'telefonica.net', 'movistar.es', 'terra.es', 'ya.com', 'sapo.pt', 'clix.pt', 'netcabo.pt', 'iol.pt',
  // United Kingdom and Ireland
  'btinternet.com', 'btopenworld.com', 'sky.com', 'talktalk.net', 'tiscali.co.uk', 'virginmedia.com', 'ntlworld.com', 'blueyonder.co.uk',
  'plus.net', 'eircom.net',
  // Nordic and Baltic countries
  'telia.com', 'comhem.se', 'bredband.net', 'online.no', 'start.no', 'getmail.no', 'jubii.dk', 'mail.dk', 'ofir.dk', 'suomi24.fi', 'luukku.com',
  'inbox.lv', 'inbox.lt', 'mail.ee',
  // Central and Eastern Europe
  'wp.pl', 'o2.pl', 'onet.pl', 'onet.eu', 'interia.pl', 'interia.eu', 'poczta.fm', 'op.pl', 'gazeta.pl', 'tlen.pl', 'seznam.cz', 'email.cz',
  'post.cz', 'centrum.cz', 'atlas.cz', 'volny.cz', 'azet.sk', 'zoznam.sk', 'centrum.sk', 'freemail.hu', 'citromail.hu', 'indamail.hu',
  'abv.bg', 'mail.bg', 'dir.bg', 'ukr.net', 'i.ua', 'meta.ua', 'bigmir.net',
  // Russia and neighbours
  'mail.ru', 'inbox.ru', 'list.ru', 'bk.ru', 'internet.ru', 'yandex.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'ya.ru', 'rambler.ru',
  'lenta.ru', 'autorambler.ru', 'myrambler.ru', 'ro.ru', 'tut.by',
  // Turkey, Middle East, Africa
  'mynet.com', 'yandex.com.tr', 'walla.co.il', 'walla.com', 'netvision.net.il', 'mweb.co.za', 'webmail.co.za', 'vodamail.co.za', 'telkomsa.net',
  // China, Hong Kong, Taiwan
  'qq.com', 'foxmail.com', '163.com', '126.com', 'yeah.net', 'vip.163.com', 'vip.126.com', '188.com', 'sina.com', 'sina.cn', 'sohu.com',
  'aliyun.com', '139.com', '189.cn', 'wo.cn', 'tom.com', 'netvigator.com', 'hinet.net', 'pchome.com.tw',
  // Japan, Korea
  'docomo.ne.jp', 'ezweb.ne.jp', 'au.com', 'softbank.ne.jp', 'i.softbank.jp', 'nifty.com', 'biglobe.ne.jp', 'ocn.ne.jp', 'so-net.ne.jp',
  'naver.com', 'hanmail.net', 'daum.net', 'kakao.com', 'nate.com', 'korea.com',
  // India, South and South-East Asia, Oceania
  'rediff.com', 'indiatimes.com', 'bigpond.com', 'bigpond.net.au', 'optusnet.com.au', 'iinet.net.au', 'tpg.com.au', 'xtra.co.nz',
  // Latin America
  'uol.com.br', 'bol.com.br', 'terra.com.br', 'ig.com.br', 'globo.com', 'globomail.com', 'r7.com', 'zipmail.com.br', 'prodigy.net.mx',
  'terra.com.mx', 'terra.cl', 'speedy.com.ar', 'fibertel.com.ar', 'arnet.com.ar',
  // North American internet providers' mailboxes
  'comcast.net', 'xfinity.com', 'cox.net', 'charter.net', 'spectrum.net', 'earthlink.net', 'juno.com', 'netzero.net', 'optonline.net',
  'frontier.com', 'windstream.net', 'centurylink.net', 'q.com', 'shaw.ca', 'rogers.com', 'sympatico.ca', 'telus.net', 'videotron.ca', 'cogeco.ca',
];
