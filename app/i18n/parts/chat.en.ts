import type { chatEs } from "./chat.es";

/** The customer-service chat in English (decision “Every message in both languages”). */
export const chatEn = {
  "chat.title": "Customer service assistant",
  "chat.metaDescription":
    "Ask the customer service assistant about products, delivery, returns and your orders, at any hour.",
  "chat.back": "Back to home",
  "chat.status.online": "Online",
  "chat.status.typing": "Typing…",
  "chat.available": "Support 24 hours a day, 7 days a week",
  "chat.intro.title": "How can we help you?",
  "chat.intro.text": "I am the customer service assistant. Ask me about products, delivery, returns or your orders.",
  "chat.suggestions.label": "Common questions",
  "chat.suggestions.products": "What products do you sell?",
  "chat.suggestions.shipping": "How much does delivery cost?",
  "chat.suggestions.returns": "Can I return a product?",
  "chat.log": "Conversation",
  "chat.you": "You",
  "chat.assistant": "Assistant",
  "chat.typing": "The assistant is typing…",
  "chat.input.label": "Your message",
  "chat.input.placeholder": "Type your message…",
  "chat.send": "Send",
  "chat.clear.open": "Clear conversation",
  "chat.clear.question": "Clear the conversation? All messages will be deleted.",
  "chat.clear.confirm": "Yes, clear",
  "chat.clear.cancel": "Cancel",
  "chat.cleared": "Conversation cleared.",
  "chat.errors.failed": "Failed to send message",
  "chat.errors.inChat":
    "Sorry, there was an error processing your message. Please try again or contact customer service at {phone}.",
  "chat.errors.inChatNoPhone":
    "Sorry, there was an error processing your message. Please try again or contact customer service.",
  "chat.errors.blank": "Please type a message.",
  "chat.errors.tooLong": "The message cannot be longer than {max} characters.",
  "chat.errors.sessionId": "The chat session is not valid.",
  "chat.errors.phone": "The phone number is not valid.",
  "chat.errors.pending": "Please wait for the reply to your previous message.",
  "chat.errors.rateLimited": "Too many messages. Please try again in {seconds} seconds.",
  "chat.errors.notFound": "Conversation not found.",
  "chat.errors.unavailable": "The assistant is not available right now. Please try again in a few minutes.",
} satisfies Record<keyof typeof chatEs, string>;
