import type { Place, PlaceReviews } from '../../schemas/place';

/**
 * A sandbox place (so the published example requests succeed against the sandbox), published as
 * the example of every maps endpoint in the OpenAPI document; photos trimmed to two, reviews to
 * two; both as the sandbox answers them.
 */
export const examplePlace: Place = {
  id: 'ChIJxK8vBEgKNIYr44BRSwOOQw',
  name: 'Seattle Coffee Roasters',
  primaryType: 'coffee_shop',
  primaryTypeDisplay: 'Coffee shop',
  types: [
    'coffee_shop',
    'cafe',
    'food',
    'store',
    'point_of_interest',
    'establishment'
  ],
  address: '1763 NW Market St, Seattle, WA 98183, USA',
  shortAddress: '1763 NW Market St, Seattle',
  addressComponents: {
    city: 'Seattle',
    state: 'WA',
    country: 'US',
    postalCode: '98183',
    neighborhood: 'Belltown'
  },
  phone: '(206) 555-0147',
  internationalPhone: '+1 206-555-0147',
  website: 'https://seattlecoffeeroasters.example',
  googleMapsUrl: 'https://maps.google.com/?cid=2613857075654258610',
  latitude: 47.564762,
  longitude: -122.340994,
  plusCode: '84VVHM75+WJ',
  rating: 3.6,
  userRatingCount: 237,
  priceLevel: 'inexpensive',
  priceRange: {
    min: 1,
    max: 10,
    currency: 'USD'
  },
  businessStatus: 'OPERATIONAL',
  openNow: false,
  hours: [
    'Monday: 7:00 AM – 7:00 PM',
    'Tuesday: 7:00 AM – 7:00 PM',
    'Wednesday: 7:00 AM – 7:00 PM',
    'Thursday: 7:00 AM – 7:00 PM',
    'Friday: 7:00 AM – 7:00 PM',
    'Saturday: 7:30 AM – 7:00 PM',
    'Sunday: 8:00 AM – 6:00 PM'
  ],
  nextOpenTime: '2026-11-21T15:30:00Z',
  timezone: 'America/Los_Angeles',
  aiSummary: 'Popular coffee shop in Belltown, Seattle, praised for its oat latte.',
  iconUrl: 'https://maps.gstatic.com/mapfiles/place_api/icons/v2/cafe_pinlet.svg',
  iconBackgroundColor: '#FF9E67',
  amenities: {
    dineIn: true,
    takeout: true,
    delivery: true,
    servesBreakfast: true,
    servesLunch: false,
    servesDessert: true,
    servesVegetarianFood: false,
    outdoorSeating: false,
    goodForChildren: true,
    allowsDogs: false,
    restroom: true
  },
  payments: {
    acceptsCreditCards: true,
    acceptsDebitCards: true,
    acceptsNfc: true,
    acceptsCashOnly: false
  },
  parking: {
    paidGarageParking: true,
    freeParkingLot: true,
    paidStreetParking: true
  },
  accessibility: {
    wheelchairAccessibleParking: true,
    wheelchairAccessibleEntrance: true,
    wheelchairAccessibleRestroom: true,
    wheelchairAccessibleSeating: true
  },
  photos: [
    {
      reference: 'places/ChIJxK8vBEgKNIYr44BRSwOOQw/photos/AUUZl26MHGtAgDWY0Osx2kjbmm2UVIBsV4kBV1ITEc',
      width: 4000,
      height: 3000,
      attribution: 'Noah W.',
      googleMapsUrl: 'https://www.google.com/maps/place//data=!3m4!1e2!3m2!1sAUUZl26MHGtAgDWY0Osx2kjbmm2UVIBsV4kBV1ITEc!2e10'
    },
    {
      reference: 'places/ChIJxK8vBEgKNIYr44BRSwOOQw/photos/AUbptA_vsxOpH49jcwAs6GzR1Nn5GsJhm2FytJDWeu',
      width: 4624,
      height: 3472,
      attribution: 'Ravi R.',
      googleMapsUrl: 'https://www.google.com/maps/place//data=!3m4!1e2!3m2!1sAUbptA_vsxOpH49jcwAs6GzR1Nn5GsJhm2FytJDWeu!2e10'
    }
  ],
  directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=47.564762,-122.340994&destination_place_id=ChIJxK8vBEgKNIYr44BRSwOOQw',
  reviewsUrl: 'https://search.google.com/local/reviews?placeid=ChIJxK8vBEgKNIYr44BRSwOOQw',
  photosUrl: 'https://www.google.com/maps/search/?api=1&query=Seattle%20Coffee%20Roasters&query_place_id=ChIJxK8vBEgKNIYr44BRSwOOQw',
  writeReviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJxK8vBEgKNIYr44BRSwOOQw',
  topReview: {
    rating: 5,
    text: 'Absolutely love this place, especially the oat latte. Everyone is so friendly.',
    author: 'Kenji G.',
    publishedAt: '2026-03-28T15:56:49Z',
    relativeTime: '7 months ago'
  }
};

export const exampleReviews: PlaceReviews = {
  placeId: 'ChIJxK8vBEgKNIYr44BRSwOOQw',
  cid: '2613857075654258610',
  name: 'Seattle Coffee Roasters',
  rating: 3.6,
  totalReviews: 237,
  sortBy: 'newest',
  depth: 10,
  reviewCount: 2,
  reviews: [
    {
      rating: 2,
      text: 'Used to be better. Not impressed by the oat latte this time.',
      author: 'Omar V.',
      authorProfileUrl: 'https://www.google.com/maps/contrib/456550823165478978096',
      authorImageUrl: 'https://avatars.sandbox.example/456550823165478978096.png',
      localGuide: true,
      authorReviewCount: 693,
      timestamp: '2026-10-26T06:17:45Z',
      timeAgo: '5 days ago',
      reviewUrl: 'https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1sChhlYf5hheDHDBKQhBNCVK4N2OnBKs8C',
      reviewId: 'ChhlYf5hheDHDBKQhBNCVK4N2OnBKs8C',
      ownerAnswer: 'We are sorry to hear this, Omar. Please get in touch so we can make it right.',
      ownerAnswerTimestamp: '2026-10-29T06:17:45Z'
    },
    {
      rating: 4,
      text: 'Very nice experience, the espresso especially. Would come again.',
      author: 'Sofia J.',
      authorProfileUrl: 'https://www.google.com/maps/contrib/865527338297944074450',
      authorImageUrl: 'https://avatars.sandbox.example/865527338297944074450.png',
      localGuide: false,
      authorReviewCount: 23,
      timestamp: '2026-10-25T05:50:45Z',
      timeAgo: '6 days ago',
      reviewUrl: 'https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1sCh8oo5NO1Azc_No5gVd7LSJ9vge4-3w8',
      reviewId: 'Ch8oo5NO1Azc_No5gVd7LSJ9vge4-3w8',
      ownerAnswer: 'Thank you, Sofia! We are glad you enjoyed the espresso.',
      ownerAnswerTimestamp: '2026-10-26T05:50:45Z'
    }
  ]
};
