const home = {
  hero: {
    serviceCardTitle: "Join Us This Week",
    mainServiceLabel: "Main service",
    otherTimesLabel: "Also each week",
    planVisit: "Plan Your Visit",
    watch: "Watch Online",
    give: "Give Online",
    pauseVideo: "Pause background video",
    playVideo: "Play background video",
    /** Under the church name when it has no tagline and no welcome text of its own yet. */
    welcome: "Welcome! We are glad you are here.",
  },
  newHere: {
    planVisit: "Plan Your Visit",
    watch: "Watch a Service Online",
  },
  flyer: {
    badge: "Upcoming event",
    cta: "Learn more about {{title}}",
  },
  about: {
    title: "Who We Are",
    intro: "What we hope for, what we are here to do, and what we hold dear.",
  },
  leadership: {
    title: "Our Leadership Team",
    intro: "Meet the pastors who serve our church family.",
    more: "Read more about our leaders",
  },
  recentMoments: {
    title: "Recent Moments",
    intro: "Snapshots from our life together.",
    loading: "Loading recent moments…",
    error: "Unable to load recent moments",
    retry: "Retry",
    retrying: "Retrying…",
    empty: "No photos yet. Check back soon!",
    seeAll: "See all photos in our community gallery",
  },
  whyChoose: {
    title: "Why Choose {{name}}?",
    intro: "A few reasons people tell us they feel at home here.",
  },
  contact: {
    title: "Visit Us",
    intro: "We would love to meet you. Stop by on Sunday, call, or send us a text.",
    /** The intro when the church has no phone number on the site. */
    introNoPhone: "We would love to meet you and welcome you in person.",
    addressLabel: "Address",
    call: "Call {{phone}}",
    text: "Text {{keyword}} to {{phone}}",
    serviceTimes: "Service Times",
    mapTitle: "Map showing the location of {{name}}",
    directions: "Get directions",
    events: "See upcoming events",
  },
  live: {
    comingSoon: "Coming soon",
    liveNow: "Live now",
    liveBody: "Our service is streaming right now. Join us online and chat with the church family.",
    watchNow: "Watch now",
    worshipLabel: "Worship service",
    featuresLabel: "What to expect",
    chat: "Interactive chat",
    hd: "HD audio and video quality",
    watchOnline: "Watch Online",
    previousSermons: "Previous Sermons",
  },
  spiritualHome: {
    title: "Your Spiritual Home",
    intro: "Everything you need to grow in faith, all in one place.",
    explore: "Explore",
    exploreLabel: "Explore {{title}}",
  },
};

export default home;
