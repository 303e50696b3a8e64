/**
 * Demo content for Plateful: three donor accounts and twelve food listings.
 *
 * This module holds typed data only. The seeding code creates each donor
 * (signing in with its `password`), then creates the listings, resolving
 * `image` and `avatar` against the SVG illustrations in `./images/` and
 * turning `expiresInDays` into a calendar date relative to the server's
 * local "today". Quantities and expiry offsets are all distinct, so sorting
 * by either gives a clear, stable order in the demo.
 */

/** A demo donor; signs in with `password`. */
export interface DemoDonor {
  /** Display name. */
  name: string;
  /** Sign-in email address (the `.demo` TLD never resolves). */
  email: string;
  /** Sign-in password. */
  password: string;
  /** File name of the avatar illustration in `images/`. */
  avatar: string;
}

/** A demo listing; expiry is `expiresInDays` days after today (server's local date). */
export interface DemoListing {
  /** Food name shown as the listing title. */
  name: string;
  /** File name of the food illustration in `images/`. */
  image: string;
  /** Number of portions or items on offer, an integer from 1 to 50. */
  quantity: number;
  /** Where a neighbour collects the food. */
  pickupLocation: string;
  /** Days from today until the food expires, from 1 to 21. */
  expiresInDays: number;
  /** One or two helpful sentences: allergens, storage, pickup hours. */
  notes: string;
  /** Index into {@link DEMO_DONORS} of the donor who owns the listing. */
  donor: number;
}

/** Password shared by every demo donor account. */
const DEMO_PASSWORD = 'plateful-demo';

/** The three demo donors, referenced by index from {@link DEMO_LISTINGS}. */
export const DEMO_DONORS: DemoDonor[] = [
  {
    name: 'Amina Yusuf',
    email: 'amina@plateful.demo',
    password: DEMO_PASSWORD,
    avatar: 'donor-amina.svg',
  },
  {
    name: 'Ben Carter',
    email: 'ben@plateful.demo',
    password: DEMO_PASSWORD,
    avatar: 'donor-ben.svg',
  },
  {
    name: 'Carla Mendes',
    email: 'carla@plateful.demo',
    password: DEMO_PASSWORD,
    avatar: 'donor-carla.svg',
  },
];

/** Twelve demo listings, one per food illustration, four per donor. */
export const DEMO_LISTINGS: DemoListing[] = [
  {
    name: 'Fresh apples',
    image: 'fresh-apples.svg',
    quantity: 24,
    pickupLocation: '12 Elm Street, Riverside',
    expiresInDays: 14,
    notes:
      'A mix of Gala and Granny Smith from our garden tree. Pick up any evening after 6 pm; bring a bag.',
    donor: 0,
  },
  {
    name: 'Sourdough bread',
    image: 'sourdough-bread.svg',
    quantity: 3,
    pickupLocation: 'Corner Bakery, 48 Market Lane, Old Town',
    expiresInDays: 2,
    notes:
      'Baked this morning; contains wheat and may contain sesame. Ask at the counter between 8 am and 2 pm.',
    donor: 1,
  },
  {
    name: 'Vegetable soup',
    image: 'vegetable-soup.svg',
    quantity: 6,
    pickupLocation: '7 Willow Court, Hillside',
    expiresInDays: 3,
    notes:
      'Six 500 ml tubs of vegan lentil and vegetable soup, kept in the fridge. Contains celery.',
    donor: 2,
  },
  {
    name: 'Garden tomatoes',
    image: 'garden-tomatoes.svg',
    quantity: 15,
    pickupLocation: 'Community Garden gate, Park Road, Greenfield',
    expiresInDays: 5,
    notes:
      'Ripe vine tomatoes from plot 14; store at room temperature, not in the fridge. Available weekends 9 am to noon.',
    donor: 0,
  },
  {
    name: 'Rice and lentils',
    image: 'rice-and-lentils.svg',
    quantity: 40,
    pickupLocation: 'St Mark’s Hall, 3 Church Street, Riverside',
    expiresInDays: 21,
    notes:
      'Sealed 1 kg packs of basmati rice and red lentils from a pantry clear-out. Collect from the hall office, weekdays 10 am to 4 pm.',
    donor: 1,
  },
  {
    name: 'Bananas',
    image: 'bananas.svg',
    quantity: 12,
    pickupLocation: '22 Maple Avenue, Northgate',
    expiresInDays: 4,
    notes:
      'Two bunches, getting spotty, so perfect for banana bread or smoothies. Ring the bell any time before 8 pm.',
    donor: 2,
  },
  {
    name: 'Carrots',
    image: 'carrots.svg',
    quantity: 30,
    pickupLocation: 'Allotment shed, 5 Brook Lane, Meadowbank',
    expiresInDays: 10,
    notes:
      'Freshly pulled and unwashed, so give them a rinse. Keep in the fridge crisper and they last about two weeks.',
    donor: 0,
  },
  {
    name: 'Pasta bake',
    image: 'pasta-bake.svg',
    quantity: 8,
    pickupLocation: '9 Station Road, Old Town',
    expiresInDays: 1,
    notes:
      'Eight portions of tomato and spinach pasta bake; contains wheat and dairy. Reheat until piping hot; pick up today before 9 pm.',
    donor: 1,
  },
  {
    name: 'Yogurt cups',
    image: 'yogurt-cups.svg',
    quantity: 18,
    pickupLocation: '31 Oak Terrace, Hillside',
    expiresInDays: 6,
    notes:
      'Unopened strawberry, blueberry and peach yogurts (contain milk). Please bring a cool bag; available after 5 pm.',
    donor: 2,
  },
  {
    name: 'Blueberry muffins',
    image: 'blueberry-muffins.svg',
    quantity: 10,
    pickupLocation: '12 Elm Street, Riverside',
    expiresInDays: 7,
    notes:
      'Homemade muffins containing wheat, egg and milk; made in a kitchen that uses nuts. They freeze well.',
    donor: 0,
  },
  {
    name: 'Mixed salad',
    image: 'mixed-salad.svg',
    quantity: 4,
    pickupLocation: 'Green Leaf Café, 60 High Street, Northgate',
    expiresInDays: 8,
    notes:
      'Bagged leaves, cherry tomatoes and cucumber, undressed and refrigerated. Collect from the café counter, 11 am to 3 pm.',
    donor: 1,
  },
  {
    name: 'Oranges',
    image: 'oranges.svg',
    quantity: 50,
    pickupLocation: '14 Harbour View, Meadowbank',
    expiresInDays: 18,
    notes:
      'A full crate of navel oranges left over from a school event. Store somewhere cool; pickup on Saturday morning.',
    donor: 2,
  },
];
