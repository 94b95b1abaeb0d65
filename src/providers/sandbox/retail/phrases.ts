import type { Language } from './marketplaces';

/**
 * The marketplace sites' own wording, one table per language: what a site writes around the
 * catalogue (stock, badges, labels, the review line, category names). The catalogue's own text —
 * titles, descriptions, "about" bullets, reviews, variation values — is the sellers' and stays English
 * everywhere. Counts arrive already written in the marketplace's digits (see `count` in records.ts).
 */

/** The countries reviews are written in: the catalogue is English and its home is the US marketplace. */
export const REVIEW_ORIGINS = ['US', 'GB', 'CA', 'AU', 'IN'] as const;
export type ReviewOrigin = (typeof REVIEW_ORIGINS)[number];

export type CategorySlug =
  'software' | 'home-garden' | 'electronics' | 'books' | 'toys-games' | 'kitchen' | 'sports-outdoors' | 'beauty' | 'pet-supplies' | 'office-products' | 'automotive' | 'video-games';

export interface Phrases {
  /** The review line; `origins` name the review's country in the grammatical form the line needs ("aux États-Unis"). */
  reviewed: (origin: string, date: string) => string;
  origins: Record<ReviewOrigin, string>;
  helpful: (votes: number, written: string) => string;
  inStock: string;
  fewLeft: (left: number) => string;
  /** A digital book's availability and delivery line. */
  instant: string;
  buyNew: string;
  /** "1K+ bought in past month": `floor` is the rounded-down count, `written` it in the site's digits. */
  bought: (floor: number, written: string) => string;
  store: (brand: string) => string;
  publisher: (brand: string) => string;
  lightningDeal: string;
  limitedDeal: string;
  /** product_information labels, and the variation attributes' names. */
  labels: { brand: string; model: string; reviews: string; rank: string; firstAvailable: string; publisher: string; published: string; language: string; printLength: string };
  attributes: Record<string, string>;
  stars: (rating: string, count: string) => string;
  noReviews: string;
  rank: (rank: string, category: string) => string;
  /** The catalogue's language (English) as the site names it. */
  english: string;
  pages: (count: string) => string;
  /** Category names; English ones are the catalogue's own (vocabulary.ts). */
  categories?: Record<CategorySlug, string>;
}

const thousands = (floor: number): string => (floor >= 1000 ? `${floor / 1000}K` : String(floor));

const en: Phrases = {
  reviewed: (origin, date) => `Reviewed in ${origin} on ${date}`,
  origins: { US: 'the United States', GB: 'the United Kingdom', CA: 'Canada', AU: 'Australia', IN: 'India' },
  helpful: (votes, written) => (votes === 1 ? 'One person found this helpful' : `${written} people found this helpful`),
  inStock: 'In Stock', fewLeft: (left) => `Only ${left} left in stock - order soon.`, instant: 'Available instantly', buyNew: 'Buy new:',
  bought: (floor) => `${thousands(floor)}+ bought in past month`,
  store: (brand) => `Visit the ${brand} Store`, publisher: (brand) => `${brand} (Publisher)`,
  lightningDeal: 'Lightning Deal', limitedDeal: 'Limited time deal',
  labels: { brand: 'Brand', model: 'Item model number', reviews: 'Customer Reviews', rank: 'Best Sellers Rank', firstAvailable: 'Date First Available', publisher: 'Publisher', published: 'Publication date', language: 'Language', printLength: 'Print length' },
  attributes: {},
  stars: (rating, count) => `${rating} out of 5 stars (${count})`, noReviews: 'No customer reviews', rank: (rank, category) => `#${rank} in ${category}`,
  english: 'English', pages: (count) => `${count} pages`,
};

const de: Phrases = {
  reviewed: (origin, date) => `Rezension aus ${origin} vom ${date}`,
  origins: { US: 'den Vereinigten Staaten', GB: 'dem Vereinigten Königreich', CA: 'Kanada', AU: 'Australien', IN: 'Indien' },
  helpful: (votes, written) => (votes === 1 ? 'Eine Person fand diese Informationen hilfreich' : `${written} Personen fanden diese Informationen hilfreich`),
  inStock: 'Auf Lager', fewLeft: (left) => `Nur noch ${left} auf Lager`, instant: 'Sofort verfügbar', buyNew: 'Neu kaufen:',
  bought: (_, written) => `${written}+ Mal im letzten Monat gekauft`,
  store: (brand) => `Besuche den ${brand}-Store`, publisher: (brand) => `${brand} (Verlag)`,
  lightningDeal: 'Blitzangebot', limitedDeal: 'Befristetes Angebot',
  labels: { brand: 'Marke', model: 'Modellnummer', reviews: 'Kundenrezensionen', rank: 'Bestseller-Rang', firstAvailable: 'Im Angebot seit', publisher: 'Herausgeber', published: 'Erscheinungstermin', language: 'Sprache', printLength: 'Seitenzahl der Print-Ausgabe' },
  attributes: { Color: 'Farbe', Size: 'Größe', Edition: 'Edition', Platform: 'Plattform', Format: 'Format' },
  stars: (rating, count) => `${rating} von 5 Sternen (${count})`, noReviews: 'Noch keine Kundenrezensionen', rank: (rank, category) => `Nr. ${rank} in ${category}`,
  english: 'Englisch', pages: (count) => `${count} Seiten`,
  categories: {
    software: 'Software', 'home-garden': 'Garten', electronics: 'Elektronik & Foto', books: 'Bücher', 'toys-games': 'Spielzeug', kitchen: 'Küche, Haushalt & Wohnen',
    'sports-outdoors': 'Sport & Freizeit', beauty: 'Beauty', 'pet-supplies': 'Haustier', 'office-products': 'Bürobedarf & Schreibwaren', automotive: 'Auto & Motorrad', 'video-games': 'Games',
  },
};

const fr: Phrases = {
  reviewed: (origin, date) => `Commenté ${origin} le ${date}`,
  origins: { US: 'aux États-Unis', GB: 'au Royaume-Uni', CA: 'au Canada', AU: 'en Australie', IN: 'en Inde' },
  helpful: (votes, written) => (votes === 1 ? 'Une personne a trouvé cela utile' : `${written} personnes ont trouvé cela utile`),
  inStock: 'En stock', fewLeft: (left) => `Il ne reste plus que ${left} exemplaire(s) en stock.`, instant: 'Disponible instantanément', buyNew: 'Acheter neuf :',
  bought: (_, written) => `Plus de ${written} achetés au cours du mois dernier`,
  store: (brand) => `Visiter la boutique ${brand}`, publisher: (brand) => `${brand} (Éditeur)`,
  lightningDeal: 'Vente Flash', limitedDeal: 'Offre à durée limitée',
  labels: { brand: 'Marque', model: 'Numéro du modèle de l\'article', reviews: 'Moyenne des commentaires client', rank: 'Classement des meilleures ventes', firstAvailable: 'Date de mise en ligne', publisher: 'Éditeur', published: 'Date de publication', language: 'Langue', printLength: 'Nombre de pages de l\'édition imprimée' },
  attributes: { Color: 'Couleur', Size: 'Taille', Edition: 'Édition', Platform: 'Plate-forme', Format: 'Format' },
  stars: (rating, count) => `${rating} sur 5 étoiles (${count})`, noReviews: 'Aucun commentaire client', rank: (rank, category) => `${rank} en ${category}`,
  english: 'Anglais', pages: (count) => `${count} pages`,
  categories: {
    software: 'Logiciels', 'home-garden': 'Jardin', electronics: 'High-Tech', books: 'Livres', 'toys-games': 'Jeux et Jouets', kitchen: 'Cuisine et Maison',
    'sports-outdoors': 'Sports et Loisirs', beauty: 'Beauté et Parfum', 'pet-supplies': 'Animalerie', 'office-products': 'Fournitures de bureau', automotive: 'Auto et Moto', 'video-games': 'Jeux vidéo',
  },
};

const it: Phrases = {
  reviewed: (origin, date) => `Recensito ${origin} il ${date}`,
  origins: { US: 'negli Stati Uniti', GB: 'nel Regno Unito', CA: 'in Canada', AU: 'in Australia', IN: 'in India' },
  helpful: (votes, written) => (votes === 1 ? 'Una persona l\'ha trovato utile' : `${written} persone l'hanno trovato utile`),
  inStock: 'Disponibilità immediata', fewLeft: (left) => `Solo ${left} -- ordina presto.`, instant: 'Disponibile subito', buyNew: 'Compra nuovo:',
  bought: (_, written) => `Più di ${written} acquisti nel mese scorso`,
  store: (brand) => `Visita lo Store di ${brand}`, publisher: (brand) => `${brand} (Editore)`,
  lightningDeal: 'Offerta Lampo', limitedDeal: 'Offerta a tempo',
  labels: { brand: 'Marca', model: 'Numero modello articolo', reviews: 'Recensioni dei clienti', rank: 'Posizione nella classifica Bestseller', firstAvailable: 'Disponibile su Retail a partire dal', publisher: 'Editore', published: 'Data di pubblicazione', language: 'Lingua', printLength: 'Lunghezza stampa' },
  attributes: { Color: 'Colore', Size: 'Taglia', Edition: 'Edizione', Platform: 'Piattaforma', Format: 'Formato' },
  stars: (rating, count) => `${rating} su 5 stelle (${count})`, noReviews: 'Nessuna recensione', rank: (rank, category) => `n. ${rank} in ${category}`,
  english: 'Inglese', pages: (count) => `${count} pagine`,
  categories: {
    software: 'Software', 'home-garden': 'Giardino e giardinaggio', electronics: 'Elettronica', books: 'Libri', 'toys-games': 'Giochi e giocattoli', kitchen: 'Casa e cucina',
    'sports-outdoors': 'Sport e tempo libero', beauty: 'Bellezza', 'pet-supplies': 'Prodotti per animali domestici', 'office-products': 'Cancelleria e prodotti per ufficio', automotive: 'Auto e Moto', 'video-games': 'Videogiochi',
  },
};

const es: Phrases = {
  reviewed: (origin, date) => `Calificado ${origin} el ${date}`,
  origins: { US: 'en Estados Unidos', GB: 'en Reino Unido', CA: 'en Canadá', AU: 'en Australia', IN: 'en India' },
  helpful: (votes, written) => (votes === 1 ? 'A una persona le ha parecido esto útil' : `A ${written} personas les ha parecido esto útil`),
  inStock: 'En stock', fewLeft: (left) => `Solo queda(n) ${left} en stock.`, instant: 'Disponible al instante', buyNew: 'Comprar nuevo:',
  bought: (_, written) => `Más de ${written} compras el mes pasado`,
  store: (brand) => `Visita la tienda de ${brand}`, publisher: (brand) => `${brand} (Editor)`,
  lightningDeal: 'Oferta flash', limitedDeal: 'Oferta por tiempo limitado',
  labels: { brand: 'Marca', model: 'Número de modelo del producto', reviews: 'Opiniones de los clientes', rank: 'Clasificación en los más vendidos', firstAvailable: 'Producto en Retail desde', publisher: 'Editorial', published: 'Fecha de publicación', language: 'Idioma', printLength: 'Longitud de impresión' },
  attributes: { Color: 'Color', Size: 'Talla', Edition: 'Edición', Platform: 'Plataforma', Format: 'Formato' },
  stars: (rating, count) => `${rating} de 5 estrellas (${count})`, noReviews: 'No hay opiniones de clientes', rank: (rank, category) => `nº${rank} en ${category}`,
  english: 'Inglés', pages: (count) => `${count} páginas`,
  categories: {
    software: 'Software', 'home-garden': 'Jardín', electronics: 'Electrónica', books: 'Libros', 'toys-games': 'Juguetes y juegos', kitchen: 'Hogar y cocina',
    'sports-outdoors': 'Deportes y aire libre', beauty: 'Belleza', 'pet-supplies': 'Productos para mascotas', 'office-products': 'Oficina y papelería', automotive: 'Coche y moto', 'video-games': 'Videojuegos',
  },
};

const ja: Phrases = {
  reviewed: (origin, date) => `${date}に${origin}でレビュー済み`,
  origins: { US: 'アメリカ合衆国', GB: 'イギリス', CA: 'カナダ', AU: 'オーストラリア', IN: 'インド' },
  helpful: (_, written) => `${written}人のお客様がこれが役に立ったと考えています`,
  inStock: '在庫あり', fewLeft: (left) => `残り${left}点 ご注文はお早めに`, instant: 'すぐにお読みいただけます', buyNew: '新品を購入:',
  bought: (_, written) => `過去1か月で${written}点以上購入されました`,
  store: (brand) => `${brand}のストアを表示`, publisher: (brand) => `${brand} (出版社)`,
  lightningDeal: 'タイムセール', limitedDeal: '期間限定セール',
  labels: { brand: 'ブランド', model: 'モデル番号', reviews: 'カスタマーレビュー', rank: '売れ筋ランキング', firstAvailable: '取り扱い開始日', publisher: '出版社', published: '発売日', language: '言語', printLength: '本の長さ' },
  attributes: { Color: '色', Size: 'サイズ', Edition: 'エディション', Platform: 'プラットフォーム', Format: 'フォーマット' },
  stars: (rating, count) => `5つ星のうち${rating} (${count})`, noReviews: 'カスタマーレビューはありません', rank: (rank, category) => `${category} - ${rank}位`,
  english: '英語', pages: (count) => `${count}ページ`,
  categories: {
    software: 'PCソフト', 'home-garden': 'ガーデン', electronics: '家電＆カメラ', books: '本', 'toys-games': 'おもちゃ', kitchen: 'ホーム＆キッチン',
    'sports-outdoors': 'スポーツ＆アウトドア', beauty: 'ビューティー', 'pet-supplies': 'ペット用品', 'office-products': '文房具・オフィス用品', automotive: '車＆バイク', 'video-games': 'ゲーム',
  },
};

const pt: Phrases = {
  reviewed: (origin, date) => `Avaliado ${origin} em ${date}`,
  origins: { US: 'nos Estados Unidos', GB: 'no Reino Unido', CA: 'no Canadá', AU: 'na Austrália', IN: 'na Índia' },
  helpful: (votes, written) => (votes === 1 ? 'Uma pessoa achou isso útil' : `${written} pessoas acharam isso útil`),
  inStock: 'Em estoque', fewLeft: (left) => `Apenas ${left} em estoque.`, instant: 'Disponível instantaneamente', buyNew: 'Comprar novo:',
  bought: (_, written) => `Mais de ${written} compras no mês passado`,
  store: (brand) => `Visite a loja ${brand}`, publisher: (brand) => `${brand} (Editora)`,
  lightningDeal: 'Oferta Relâmpago', limitedDeal: 'Oferta por tempo limitado',
  labels: { brand: 'Marca', model: 'Número do modelo', reviews: 'Avaliações de clientes', rank: 'Ranking dos mais vendidos', firstAvailable: 'Disponível para compra desde', publisher: 'Editora', published: 'Data da publicação', language: 'Idioma', printLength: 'Número de páginas' },
  attributes: { Color: 'Cor', Size: 'Tamanho', Edition: 'Edição', Platform: 'Plataforma', Format: 'Formato' },
  stars: (rating, count) => `${rating} de 5 estrelas (${count})`, noReviews: 'Nenhuma avaliação de cliente', rank: (rank, category) => `Nº ${rank} em ${category}`,
  english: 'Inglês', pages: (count) => `${count} páginas`,
  categories: {
    software: 'Software', 'home-garden': 'Jardim e Piscina', electronics: 'Eletrônicos', books: 'Livros', 'toys-games': 'Brinquedos e Jogos', kitchen: 'Cozinha',
    'sports-outdoors': 'Esportes e Aventura', beauty: 'Beleza', 'pet-supplies': 'Pet Shop', 'office-products': 'Papelaria e Escritório', automotive: 'Automotivo', 'video-games': 'Games e Consoles',
  },
};

const nl: Phrases = {
  reviewed: (origin, date) => `Beoordeeld ${origin} op ${date}`,
  origins: { US: 'in de Verenigde Staten', GB: 'in het Verenigd Koninkrijk', CA: 'in Canada', AU: 'in Australië', IN: 'in India' },
  helpful: (votes, written) => (votes === 1 ? 'Eén persoon vond dit nuttig' : `${written} mensen vonden dit nuttig`),
  inStock: 'Op voorraad', fewLeft: (left) => `Nog maar ${left} op voorraad`, instant: 'Direct beschikbaar', buyNew: 'Nieuw kopen:',
  bought: (_, written) => `Meer dan ${written} keer gekocht in de afgelopen maand`,
  store: (brand) => `Bezoek de ${brand}-winkel`, publisher: (brand) => `${brand} (Uitgever)`,
  lightningDeal: 'Bliksemaanbieding', limitedDeal: 'Tijdelijke aanbieding',
  labels: { brand: 'Merk', model: 'Modelnummer artikel', reviews: 'Klantenrecensies', rank: 'Plaats in bestsellerlijst', firstAvailable: 'Datum eerste beschikbaarheid', publisher: 'Uitgever', published: 'Publicatiedatum', language: 'Taal', printLength: 'Aantal pagina\'s' },
  attributes: { Color: 'Kleur', Size: 'Maat', Edition: 'Editie', Platform: 'Platform', Format: 'Formaat' },
  stars: (rating, count) => `${rating} van 5 sterren (${count})`, noReviews: 'Geen klantenrecensies', rank: (rank, category) => `#${rank} in ${category}`,
  english: 'Engels', pages: (count) => `${count} pagina's`,
  categories: {
    software: 'Software', 'home-garden': 'Tuin, terras en gazon', electronics: 'Elektronica', books: 'Boeken', 'toys-games': 'Speelgoed en spellen', kitchen: 'Wonen en keuken',
    'sports-outdoors': 'Sport en outdoor', beauty: 'Beauty', 'pet-supplies': 'Huisdierbenodigdheden', 'office-products': 'Kantoorproducten', automotive: 'Auto en motor', 'video-games': 'Games',
  },
};

const sv: Phrases = {
  reviewed: (origin, date) => `Recenserad ${origin} den ${date}`,
  origins: { US: 'i USA', GB: 'i Storbritannien', CA: 'i Kanada', AU: 'i Australien', IN: 'i Indien' },
  helpful: (votes, written) => (votes === 1 ? 'En person tyckte att detta var till hjälp' : `${written} personer tyckte att detta var till hjälp`),
  inStock: 'I lager', fewLeft: (left) => `Endast ${left} kvar i lager.`, instant: 'Tillgänglig direkt', buyNew: 'Köp ny:',
  bought: (_, written) => `Över ${written} köpta under förra månaden`,
  store: (brand) => `Besök ${brand}-butiken`, publisher: (brand) => `${brand} (Utgivare)`,
  lightningDeal: 'Blixterbjudande', limitedDeal: 'Tidsbegränsat erbjudande',
  labels: { brand: 'Varumärke', model: 'Artikelns modellnummer', reviews: 'Kundrecensioner', rank: 'Rangordning bästsäljare', firstAvailable: 'Första tillgängliga datum', publisher: 'Utgivare', published: 'Publiceringsdatum', language: 'Språk', printLength: 'Utskriftslängd' },
  attributes: { Color: 'Färg', Size: 'Storlek', Edition: 'Utgåva', Platform: 'Plattform', Format: 'Format' },
  stars: (rating, count) => `${rating} av 5 stjärnor (${count})`, noReviews: 'Inga kundrecensioner', rank: (rank, category) => `Nr ${rank} i ${category}`,
  english: 'Engelska', pages: (count) => `${count} sidor`,
  categories: {
    software: 'Programvara', 'home-garden': 'Trädgård', electronics: 'Elektronik', books: 'Böcker', 'toys-games': 'Leksaker och spel', kitchen: 'Hem och kök',
    'sports-outdoors': 'Sport och fritid', beauty: 'Skönhet', 'pet-supplies': 'Husdjursprodukter', 'office-products': 'Kontorsprodukter', automotive: 'Fordon', 'video-games': 'Videospel',
  },
};

/** Polish counts take the "few" form after 2–4 (but not 12–14), else the "many" form. */
const polishFew = (count: number): boolean => [2, 3, 4].includes(count % 10) && ![12, 13, 14].includes(count % 100);

const pl: Phrases = {
  reviewed: (origin, date) => `Zrecenzowano ${origin} dnia ${date}`,
  origins: { US: 'w Stanach Zjednoczonych', GB: 'w Wielkiej Brytanii', CA: 'w Kanadzie', AU: 'w Australii', IN: 'w Indiach' },
  helpful: (votes, written) => (votes === 1 ? 'Jedna osoba uznała to za przydatne' : polishFew(votes) ? `${written} osoby uznały to za przydatne` : `${written} osób uznało to za przydatne`),
  inStock: 'Dostępny', fewLeft: (left) => `Zostało tylko ${left} – zamów wkrótce.`, instant: 'Dostępne natychmiast', buyNew: 'Kup nowy:',
  bought: (_, written) => `Ponad ${written} kupionych w zeszłym miesiącu`,
  store: (brand) => `Odwiedź sklep ${brand}`, publisher: (brand) => `${brand} (Wydawca)`,
  lightningDeal: 'Oferta błyskawiczna', limitedDeal: 'Oferta ograniczona czasowo',
  labels: { brand: 'Marka', model: 'Numer modelu produktu', reviews: 'Recenzje klientów', rank: 'Ranking najlepiej sprzedających się', firstAvailable: 'Data pierwszej dostępności', publisher: 'Wydawca', published: 'Data publikacji', language: 'Język', printLength: 'Liczba stron' },
  attributes: { Color: 'Kolor', Size: 'Rozmiar', Edition: 'Wydanie', Platform: 'Platforma', Format: 'Format' },
  stars: (rating, count) => `${rating} na 5 gwiazdek (${count})`, noReviews: 'Brak recenzji klientów', rank: (rank, category) => `Nr ${rank} w kategorii ${category}`,
  english: 'Angielski', pages: (count) => `${count} stron`,
  categories: {
    software: 'Oprogramowanie', 'home-garden': 'Ogród', electronics: 'Elektronika', books: 'Książki', 'toys-games': 'Zabawki i gry', kitchen: 'Kuchnia i jadalnia',
    'sports-outdoors': 'Sport i turystyka', beauty: 'Uroda', 'pet-supplies': 'Artykuły dla zwierząt', 'office-products': 'Artykuły biurowe', automotive: 'Motoryzacja', 'video-games': 'Gry wideo',
  },
};

const tr: Phrases = {
  reviewed: (origin, date) => `${origin} ${date} tarihinde değerlendirildi`,
  origins: { US: "Amerika Birleşik Devletleri'nde", GB: "Birleşik Krallık'ta", CA: "Kanada'da", AU: "Avustralya'da", IN: "Hindistan'da" },
  helpful: (votes, written) => (votes === 1 ? 'Bir kişi bunu faydalı buldu' : `${written} kişi bunu faydalı buldu`),
  inStock: 'Stokta var', fewLeft: (left) => `Stokta sadece ${left} adet kaldı.`, instant: 'Hemen kullanılabilir', buyNew: 'Yeni satın al:',
  bought: (_, written) => `Geçen ay ${written}+ kez satın alındı`,
  store: (brand) => `${brand} Mağazasını ziyaret edin`, publisher: (brand) => `${brand} (Yayıncı)`,
  lightningDeal: 'Yıldırım Fırsat', limitedDeal: 'Sınırlı süreli fırsat',
  labels: { brand: 'Marka', model: 'Ürün model numarası', reviews: 'Müşteri Yorumları', rank: 'En Çok Satanlar Sıralaması', firstAvailable: 'Satışa sunulduğu ilk tarih', publisher: 'Yayınevi', published: 'Yayın tarihi', language: 'Dil', printLength: 'Baskı uzunluğu' },
  attributes: { Color: 'Renk', Size: 'Beden', Edition: 'Sürüm', Platform: 'Platform', Format: 'Biçim' },
  stars: (rating, count) => `5 yıldız üzerinden ${rating} (${count})`, noReviews: 'Müşteri yorumu yok', rank: (rank, category) => `${category} kategorisinde ${rank}. sırada`,
  english: 'İngilizce', pages: (count) => `${count} sayfa`,
  categories: {
    software: 'Yazılım', 'home-garden': 'Bahçe', electronics: 'Elektronik', books: 'Kitaplar', 'toys-games': 'Oyuncaklar ve Oyunlar', kitchen: 'Mutfak',
    'sports-outdoors': 'Spor ve Outdoor', beauty: 'Güzellik', 'pet-supplies': 'Evcil Hayvan Ürünleri', 'office-products': 'Ofis Ürünleri', automotive: 'Otomotiv', 'video-games': 'Video Oyunları',
  },
};

const ar: Phrases = {
  reviewed: (origin, date) => `تمت المراجعة في ${origin} في ${date}`,
  origins: { US: 'الولايات المتحدة', GB: 'المملكة المتحدة', CA: 'كندا', AU: 'أستراليا', IN: 'الهند' },
  helpful: (votes, written) => (votes === 1 ? 'وجد شخص واحد هذا مفيدًا' : `وجد ${written} أشخاص هذا مفيدًا`),
  inStock: 'متوفر', fewLeft: (left) => `تبقى ${left} فقط - اطلبه الآن.`, instant: 'متاح على الفور', buyNew: 'شراء جديد:',
  bought: (_, written) => `تم شراء أكثر من ${written} في الشهر الماضي`,
  store: (brand) => `زيارة متجر ${brand}`, publisher: (brand) => `${brand} (الناشر)`,
  lightningDeal: 'عرض خاطف', limitedDeal: 'عرض لفترة محدودة',
  labels: { brand: 'العلامة التجارية', model: 'رقم موديل السلعة', reviews: 'مراجعات العملاء', rank: 'تصنيف الأفضل مبيعاً', firstAvailable: 'تاريخ توفر أول منتج', publisher: 'الناشر', published: 'تاريخ النشر', language: 'اللغة', printLength: 'عدد الصفحات' },
  attributes: { Color: 'اللون', Size: 'المقاس', Edition: 'الإصدار', Platform: 'المنصة', Format: 'التنسيق' },
  stars: (rating, count) => `${rating} من 5 نجوم (${count})`, noReviews: 'لا توجد مراجعات للعملاء', rank: (rank, category) => `رقم ${rank} في ${category}`,
  english: 'الإنجليزية', pages: (count) => `${count} صفحة`,
  categories: {
    software: 'البرمجيات', 'home-garden': 'الحديقة', electronics: 'الإلكترونيات', books: 'الكتب', 'toys-games': 'الألعاب', kitchen: 'المطبخ',
    'sports-outdoors': 'الرياضة والأنشطة الخارجية', beauty: 'الجمال والعناية الشخصية', 'pet-supplies': 'مستلزمات الحيوانات الأليفة', 'office-products': 'المنتجات المكتبية', automotive: 'السيارات', 'video-games': 'ألعاب الفيديو',
  },
};

export const PHRASES: Record<Language, Phrases> = { en, de, fr, it, es, ja, pt, nl, sv, pl, tr, ar };
