/**
 * The 36 quotes about attention the breathe page shows (SPEC §3: id 1-36, text, author). Each is
 * a real quote with its real author; where a line is a translation or a well-known short form of
 * a longer passage, the source says so.
 */
export interface Quote {
  id: number;
  quote: string;
  author: string;
  source: string;
}

export const QUOTES: readonly Quote[] = [
  {
    id: 1,
    quote: 'Attention is the rarest and purest form of generosity.',
    author: 'Simone Weil',
    source: 'letter to Joë Bousquet, 1942 (translated)',
  },
  {
    id: 2,
    quote: 'A wealth of information creates a poverty of attention.',
    author: 'Herbert A. Simon',
    source: 'Designing Organizations for an Information-Rich World, 1971',
  },
  {
    id: 3,
    quote: 'My experience is what I agree to attend to.',
    author: 'William James',
    source: 'The Principles of Psychology, 1890',
  },
  {
    id: 4,
    quote: 'How we spend our days is, of course, how we spend our lives.',
    author: 'Annie Dillard',
    source: 'The Writing Life, 1989',
  },
  {
    id: 5,
    quote:
      'The faculty of voluntarily bringing back a wandering attention, over and over again, is the very root of judgment, character, and will.',
    author: 'William James',
    source: 'The Principles of Psychology, 1890',
  },
  {
    id: 6,
    quote: 'To pay attention, this is our endless and proper work.',
    author: 'Mary Oliver',
    source: '"Yes! No!", 1994',
  },
  {
    id: 7,
    quote: 'Instructions for living a life: Pay attention. Be astonished. Tell about it.',
    author: 'Mary Oliver',
    source: '"Sometimes", Red Bird, 2008',
  },
  {
    id: 8,
    quote: 'Attention is the beginning of devotion.',
    author: 'Mary Oliver',
    source: 'Upstream, 2016',
  },
  {
    id: 9,
    quote: 'Tell me to what you pay attention and I will tell you who you are.',
    author: 'José Ortega y Gasset',
    source: 'Man and People, 1957 (translated)',
  },
  {
    id: 10,
    quote: 'Distracted from distraction by distraction.',
    author: 'T. S. Eliot',
    source: '"Burnt Norton", Four Quartets, 1936',
  },
  {
    id: 11,
    quote: "All of humanity's problems stem from man's inability to sit quietly in a room alone.",
    author: 'Blaise Pascal',
    source: 'Pensées, 1670 (translated)',
  },
  {
    id: 12,
    quote: 'It is not that we have a short time to live, but that we waste a lot of it.',
    author: 'Seneca',
    source: 'On the Shortness of Life (translated)',
  },
  {
    id: 13,
    quote: 'Life is long if you know how to use it.',
    author: 'Seneca',
    source: 'On the Shortness of Life (translated)',
  },
  {
    id: 14,
    quote: 'Our life is frittered away by detail. Simplify, simplify.',
    author: 'Henry David Thoreau',
    source: 'Walden, 1854',
  },
  {
    id: 15,
    quote:
      'The cost of a thing is the amount of what I will call life which is required to be exchanged for it, immediately or in the long run.',
    author: 'Henry David Thoreau',
    source: 'Walden, 1854',
  },
  {
    id: 16,
    quote: 'I went to the woods because I wished to live deliberately.',
    author: 'Henry David Thoreau',
    source: 'Walden, 1854',
  },
  {
    id: 17,
    quote: 'Almost everything will work again if you unplug it for a few minutes, including you.',
    author: 'Anne Lamott',
    source: 'TED talk, 2017',
  },
  {
    id: 18,
    quote: 'Realize deeply that the present moment is all you ever have.',
    author: 'Eckhart Tolle',
    source: 'The Power of Now, 1997',
  },
  {
    id: 19,
    quote: "You can't stop the waves, but you can learn to surf.",
    author: 'Jon Kabat-Zinn',
    source: 'Wherever You Go, There You Are, 1994',
  },
  {
    id: 20,
    quote: 'Breathing in, I calm body and mind. Breathing out, I smile.',
    author: 'Thich Nhat Hanh',
    source: 'Being Peace, 1987',
  },
  {
    id: 21,
    quote: 'Feelings come and go like clouds in a windy sky. Conscious breathing is my anchor.',
    author: 'Thich Nhat Hanh',
    source: 'Stepping into Freedom, 1997',
  },
  {
    id: 22,
    quote:
      "Rest is not idleness, and to lie sometimes on the grass under trees on a summer's day, listening to the murmur of the water, or watching the clouds float across the sky, is by no means a waste of time.",
    author: 'John Lubbock',
    source: 'The Use of Life, 1894',
  },
  {
    id: 23,
    quote: 'Technology is a useful servant but a dangerous master.',
    author: 'Christian Lous Lange',
    source: 'Nobel lecture, 1921',
  },
  {
    id: 24,
    quote: 'We are drowning in information but starved for knowledge.',
    author: 'John Naisbitt',
    source: 'Megatrends, 1982',
  },
  {
    id: 25,
    quote: 'Lost time is never found again.',
    author: 'Benjamin Franklin',
    source: "Poor Richard's Almanack, 1748",
  },
  {
    id: 26,
    quote: 'You will never find time for anything. If you want time you must make it.',
    author: 'Charles Buxton',
    source: 'Notes of Thought, 1873',
  },
  {
    id: 27,
    quote:
      "Until you value yourself, you won't value your time. Until you value your time, you will not do anything with it.",
    author: 'M. Scott Peck',
    source: 'The Road Less Traveled, 1978',
  },
  {
    id: 28,
    quote: 'Very little is needed to make a happy life; it is all within yourself, in your way of thinking.',
    author: 'Marcus Aurelius',
    source: 'Meditations (translated)',
  },
  { id: 29, quote: 'Wherever you are, be all there.', author: 'Jim Elliot', source: 'journals' },
  {
    id: 30,
    quote: 'Attention is the most basic form of love.',
    author: 'John Tarrant',
    source: 'The Light Inside the Dark, 1998',
  },
  {
    id: 31,
    quote: 'Clarity about what matters provides clarity about what does not.',
    author: 'Cal Newport',
    source: 'Digital Minimalism, 2019',
  },
  {
    id: 32,
    quote: 'The days are long, but the years are short.',
    author: 'Gretchen Rubin',
    source: 'The Happiness Project, 2009',
  },
  {
    id: 33,
    quote: 'Nothing is so fatiguing as the eternal hanging on of an uncompleted task.',
    author: 'William James',
    source: 'letters',
  },
  {
    id: 34,
    quote: 'The real voyage of discovery consists not in seeking new landscapes, but in having new eyes.',
    author: 'Marcel Proust',
    source: 'The Captive, 1923 (a common short form, translated)',
  },
  {
    id: 35,
    quote:
      "Concentrate all your thoughts upon the work at hand. The sun's rays do not burn until brought to a focus.",
    author: 'Alexander Graham Bell',
    source: 'attributed, early 20th century',
  },
  { id: 36, quote: 'Smile, breathe, and go slowly.', author: 'Thich Nhat Hanh', source: 'attributed' },
];
