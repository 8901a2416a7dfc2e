/** The church assistant chat: the widget and the answers (issue 9). */
const assistant = {
  heading: "Church assistant",
  widget: {
    greeting: "Hello! I'm the church assistant. Ask me about service times, events, ministries or planning your visit.",
    placeholder: "Ask a question...",
    inputLabel: "Your question",
    hint: "Enter sends; Shift+Enter starts a new line.",
    send: "Send message",
    close: "Close church assistant",
    typing: "Assistant is typing…",
    you: "You",
    assistant: "Assistant",
    sources: "Sources",
    errorTitle: "Error",
    failed: "Failed to get response. Please try again.",
    apology: "I'm sorry, I couldn't answer that right now. Please contact the church directly by phone at {{phone}}.",
    /** The same while the church has no phone number on the site. */
    apologyNoPhone: "I'm sorry, I couldn't answer that right now. Please try again later, or have a look around the site.",
  },
  answers: {
    am: "AM",
    pm: "PM",
    days: { d0: "Sundays", d1: "Mondays", d2: "Tuesdays", d3: "Wednesdays", d4: "Thursdays", d5: "Fridays", d6: "Saturdays" },
    serviceTimes: "Our services at {{church}}: {{list}}.",
    serviceItem: "{{name}}, {{day}} at {{time}}",
    noServices: "The service times are not published yet. Please call the church at {{phone}}.",
    address: "{{church}} is at {{address}}. The Plan a visit page has a map and directions.",
    phone: "You can call the church at {{phone}}.",
    email: "You can also write to {{email}}.",
    eventsIntro: "Coming up: {{list}}.",
    eventItem: "{{title}} ({{date}})",
    event: "{{title}}: {{date}}.",
    eventPlace: "Place: {{place}}.",
    noEvents: "There are no upcoming events on the calendar right now. The Events page shows anything new.",
    sermonsIntro: "Recent sermons: {{list}}.",
    sermonItem: "“{{title}}” by {{speaker}} ({{date}})",
    sermon: "“{{title}}” was preached by {{speaker}} on {{date}}.",
    groupsIntro: "Our study groups: {{list}}.",
    groupItem: "{{name}} ({{day}} at {{time}})",
    group: "{{name}} meets {{day}} at {{time}}.",
    giving: "You can give online on the Give page, to: {{funds}}.",
    textToGive: "You can also text {{keyword}} to {{number}}.",
    fund: "{{name}}: {{description}}",
    greeting: "Hello! How can I help you? You can ask me about service times, the address, events, groups or giving.",
    thanks: "You're welcome! Is there anything else I can help you with?",
    leaders: "Our pastors and leaders: {{list}}.",
    leaderItem: "{{name}} ({{role}})",
    unknown: "I'm sorry, I don't know the answer to that. Please call the church at {{phone}} and someone will gladly help you.",
    pages: {
      planVisit: {
        title: "Plan a visit",
        text: "Plan a visit tells first-time guests what to expect on Sunday: service times, the address with a map and directions, parking, and what happens for children.",
      },
      watch: {
        title: "Watch live",
        text: "Watch live streams the Sunday worship service online, with a live chat; past services stay available as sermons.",
      },
      prayer: {
        title: "Prayer wall",
        text: "On the Prayer wall you can share a prayer request, publicly, with members only or privately with the pastors, and pray for others.",
      },
      prayerGenerator: {
        title: "Prayer generator",
        text: "The Prayer generator writes a short prayer for a topic you choose, which you can save or share on the prayer wall.",
      },
      community: {
        title: "Community",
        text: "Community gathers the study groups you can join, the discussions and the volunteer opportunities.",
      },
      store: { title: "Store", text: "The church store sells items online; orders can be picked up at church or shipped." },
      about: {
        title: "About us",
        text: "About us tells the church's story, its beliefs and values, and introduces the pastors and leaders.",
      },
      events: { title: "Events", text: "The Events page lists everything coming up, with registration where needed and calendar links." },
      sermons: {
        title: "Sermons",
        text: "Sermons has past messages to watch, listen to or read, searchable by series, topic and speaker.",
      },
      give: { title: "Give", text: "Give lets you give online, once or every week or month, to the fund you choose." },
      study: { title: "Bible study", text: "Bible study has reading plans, past Bible studies and study guides." },
      joinChurch: {
        title: "Join the church",
        text: "Join the church explains how to become a member, starting with the Kingdom Builders Class.",
      },
      kingdomBuilders: {
        title: "Kingdom Builders Class",
        text: "The Kingdom Builders Class is the membership class: you can sign up for the next session online.",
      },
    },
    errors: {
      invalid: "The question could not be read. Please try again.",
      empty: "Please type a question.",
      tooLong: "Your question can be at most {{max}} characters.",
      history: "The conversation could not be read. Please close the chat and start again.",
      rateLimited: "Too many questions in a short time. Please try again in {{minutes}} minutes.",
      failed: "Failed to get response. Please try again.",
    },
  },
};

export type AssistantStrings = typeof assistant;
export default assistant;
