package io.tern.examples.websocket;

/** The chat page and its script, served by {@link WebSocketChatServer}. */
final class ChatPage {
  private ChatPage() {}

  /** The page: a log, a field and a button; the script does the rest. */
  static final String HTML =
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
        <meta charset="utf-8">
        <title>Tern WebSocket chat</title>
        <style>
          body { font-family: sans-serif; max-width: 40em; margin: 2em auto; }
          #log { list-style: none; padding: 0; min-height: 10em; border: 1px solid #ccc; }
          #log li { padding: 0.2em 0.5em; }
        </style>
      </head>
      <body data-state="connecting">
        <h1>Tern WebSocket chat</h1>
        <p id="status">connecting...</p>
        <ul id="log"></ul>
        <form id="form">
          <input id="message" autocomplete="off" placeholder="say something" size="40">
          <button id="send" type="submit">Send</button>
        </form>
        <script src="/chat.js"></script>
      </body>
      </html>
      """;

  /**
   * The script: joins the room over a WebSocket on the same host (the first message is the name,
   * from {@code ?name=}), shows every line the room sends, sends what is typed.
   */
  static final String SCRIPT =
      """
      (function () {
        var params = new URLSearchParams(window.location.search);
        var name = params.get('name') || ('guest' + Math.floor(Math.random() * 10000));
        var scheme = window.location.protocol === 'https:' ? 'wss://' : 'ws://';
        var ws = new WebSocket(scheme + window.location.host + '/chat');
        var log = document.getElementById('log');
        var status = document.getElementById('status');
        var input = document.getElementById('message');
        function show(text) {
          var li = document.createElement('li');
          li.textContent = text;
          log.appendChild(li);
        }
        ws.onopen = function () {
          ws.send(name);
          status.textContent = 'joined as ' + name;
          document.body.dataset.state = 'joined';
        };
        ws.onmessage = function (event) { show(event.data); };
        ws.onclose = function () {
          status.textContent = 'disconnected';
          document.body.dataset.state = 'closed';
        };
        document.getElementById('form').addEventListener('submit', function (event) {
          event.preventDefault();
          if (input.value && ws.readyState === WebSocket.OPEN) {
            ws.send(input.value);
            input.value = '';
          }
        });
      })();
      """;
}
