/** The installable app: install banner, toasts, offline page, manifest (issue 9). */
const pwa = {
  heading: "Install the app",
  banner: {
    text: "Add {{name}} to your home screen: service times, events and sermons in one tap.",
    install: "Install",
    notNow: "Not Now",
  },
  toast: {
    installingTitle: "Installing the app",
    installingDescription: "The app is being added to your home screen.",
    installedTitle: "App installed",
    installedDescription: "The app is now on your home screen.",
    errorTitle: "Installation Error",
    errorDescription: "There was an issue installing the app. Please try again.",
  },
  offline: {
    metaTitle: "You are offline",
    title: "You are offline",
    intro: "This page needs an internet connection. Here is how to find us; try again when you are back online.",
    /** The intro while the church has no address or phone on the site yet. */
    introPlain: "This page needs an internet connection. Please try again when you are back online.",
    serviceTimes: "Service times",
    address: "Address",
    phone: "Phone",
    home: "Go to the home page",
  },
  manifest: {
    description: "{{name}}: service times, events, sermons and prayer.",
  },
};

export type PwaStrings = typeof pwa;
export default pwa;
