// A channel is where messages come from and replies go back to: the terminal here; a web page, a
// Telegram bot or a timer in lesson 09. Every channel turns its own kind of message into this one
// shape, so nothing behind the gateway knows or cares which channel a message came from.

export interface IncomingMessage {
  // Which channel it came through ("terminal", "telegram", ...).
  channel: string;
  // Which conversation on that channel: a Telegram chat id, a browser tab, a terminal session name.
  chatId: string;
  // Who wrote it, as the channel knows them ("you", "@mining_pro", a phone number).
  sender: string;
  text: string;
  at: Date;
}

export interface Channel {
  name: string;
  // Delivers each incoming message to the gateway until the channel closes (end of input, a stopped
  // bot). Resolves when it is closed.
  start(deliver: (message: IncomingMessage) => Promise<void>): Promise<void>;
  // Sends the finished reply to the chat the message came from.
  send(chatId: string, text: string): Promise<void>;
  // Text of the reply as the model writes it, piece by piece (streaming). A channel that cannot
  // show partial text (an email, a cron log) leaves this out and waits for send().
  sendPartial?(chatId: string, delta: string): void;
  // Said after a turn ends, before the final send; a channel may show it (the terminal prints it).
  note?(chatId: string, text: string): void;
}
