package io.tern.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The load table as an SVG chart of small multiples: one panel per scenario and measure (requests
 * per second on top, server CPU microseconds per request below), each with a group of bars per
 * transport (Tern, Netty's best, Netty with its checks off, the C limit). Each panel has its own
 * scale, so that the plaintext figures are not dwarfed by the pipelined ones.
 */
final class LoadChart {
  private static final int PANEL_WIDTH = 300;
  private static final int PANEL_HEIGHT = 190;
  private static final int MARGIN_LEFT = 58;
  private static final int MARGIN_TOP = 52;
  private static final int GAP = 34;
  private static final int PLOT_HEIGHT = 130;
  private static final String[] COLORS = {"#1b7837", "#2166ac", "#92c5de", "#b2182b"};
  private static final String[] LABELS = {
    "Tern", "Netty (best of its servers)", "Netty, checks off", "C limit (epoll, canned reply)"
  };
  private static final String NOTE = "Lower bars are better in the CPU row.";

  private LoadChart() {}

  static String svg(LoadTable table, String title) {
    List<String> scenarios = new ArrayList<>(table.scenarios());
    List<String> transports = new ArrayList<>();
    table
        .figures()
        .keySet()
        .forEach(
            row -> {
              if (!transports.contains(row.transport())) {
                transports.add(row.transport());
              }
            });
    int width = MARGIN_LEFT + scenarios.size() * (PANEL_WIDTH + GAP);
    int height = MARGIN_TOP + 2 * PANEL_HEIGHT + GAP;
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">%n",
            width,
            height,
            width,
            height));
    svg.append(
        String.format(
            Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
    svg.append(text(10, 18, escape(title), "font-size=\"14\" font-weight=\"bold\""));
    int legendX = 10;
    for (int i = 0; i < LABELS.length; i++) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"28\" width=\"10\" height=\"10\" fill=\"%s\"/>%n",
              legendX,
              COLORS[i]));
      svg.append(text(legendX + 14, 37, escape(LABELS[i]), ""));
      legendX += 24 + LABELS[i].length() * 6;
    }
    svg.append(text(legendX + 10, 37, NOTE, "fill=\"#555\""));
    for (int measure = 0; measure < 2; measure++) {
      for (int s = 0; s < scenarios.size(); s++) {
        int x0 = MARGIN_LEFT + s * (PANEL_WIDTH + GAP);
        int y0 = MARGIN_TOP + measure * (PANEL_HEIGHT + GAP);
        panel(svg, table, scenarios.get(s), transports, measure == 0, x0, y0);
      }
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static void panel(
      StringBuilder svg,
      LoadTable table,
      String scenario,
      List<String> transports,
      boolean requests,
      int x0,
      int y0) {
    double max = 0;
    for (String transport : transports) {
      Map<String, LoadTable.Figure> byRole =
          table.figures().get(new LoadTable.Row(transport, scenario));
      if (byRole == null) {
        continue;
      }
      for (LoadTable.Figure f : byRole.values()) {
        max = Math.max(max, value(f, requests));
      }
    }
    String heading =
        scenario + (requests ? ": requests per second" : ": server CPU µs per request");
    svg.append(text(x0, y0 + 12, escape(heading), "font-weight=\"bold\""));
    int plotTop = y0 + 22;
    int plotBottom = plotTop + PLOT_HEIGHT;
    double top = niceCeiling(max);
    for (int tick = 0; tick <= 4; tick++) {
      double v = top * tick / 4;
      int y = (int) Math.round(plotBottom - PLOT_HEIGHT * tick / 4.0);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n",
              x0,
              y,
              x0 + PANEL_WIDTH - 10,
              y));
      svg.append(
          text(
              x0 - 4,
              y + 4,
              tick == 0 ? "0" : Numbers.value(v),
              "text-anchor=\"end\" fill=\"#555\""));
    }
    int groupWidth = (PANEL_WIDTH - 10) / Math.max(1, transports.size());
    int barWidth = (groupWidth - 12) / LoadTable.ROLES.size();
    for (int t = 0; t < transports.size(); t++) {
      int gx = x0 + t * groupWidth + 6;
      Map<String, LoadTable.Figure> byRole =
          table.figures().get(new LoadTable.Row(transports.get(t), scenario));
      for (int r = 0; r < LoadTable.ROLES.size(); r++) {
        LoadTable.Figure f = byRole == null ? null : byRole.get(LoadTable.ROLES.get(r));
        if (f == null || top == 0) {
          continue;
        }
        double v = value(f, requests);
        int h = (int) Math.round(PLOT_HEIGHT * v / top);
        svg.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s %s %s:"
                    + " %s</title></rect>%n",
                gx + r * barWidth,
                plotBottom - h,
                barWidth - 1,
                h,
                COLORS[r],
                escape(f.server()),
                transports.get(t),
                scenario,
                Numbers.value(v)));
      }
      svg.append(
          text(
              gx + (barWidth * LoadTable.ROLES.size()) / 2,
              plotBottom + 14,
              transports.get(t),
              "text-anchor=\"middle\""));
    }
  }

  private static double value(LoadTable.Figure f, boolean requests) {
    double v = requests ? f.requestsPerSecond() : f.cpuMicros();
    return Double.isNaN(v) ? 0 : v;
  }

  /** The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least {@code v}. */
  static double niceCeiling(double v) {
    if (v <= 0) {
      return 0;
    }
    double power = Math.pow(10, Math.floor(Math.log10(v)));
    for (double step : new double[] {1, 2, 2.5, 5, 10}) {
      if (step * power >= v) {
        return step * power;
      }
    }
    return 10 * power;
  }

  private static String text(int x, int y, String content, String attributes) {
    return String.format(
        Locale.ROOT, "<text x=\"%d\" y=\"%d\" %s>%s</text>%n", x, y, attributes, content);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
