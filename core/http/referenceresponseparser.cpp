#include "http/referenceresponseparser.h"

#include <algorithm>
#include <climits>

namespace vw {

const http_parser_settings &ReferenceResponseParser::settings()
{
    static const http_parser_settings s = [] {
        http_parser_settings x;
        http_parser_settings_init(&x);
        x.on_headers_complete = &ReferenceResponseParser::onHeadersComplete;
        x.on_body = &ReferenceResponseParser::onBody;
        x.on_header_field = &ReferenceResponseParser::onHeaderField;
        x.on_header_value = &ReferenceResponseParser::onHeaderValue;
        x.on_status = &ReferenceResponseParser::onStatus;
        x.on_message_complete = &ReferenceResponseParser::onMessageComplete;
        return x;
    }();
    return s;
}

ReferenceResponseParser::ReferenceResponseParser()
{
    reset();
}

void ReferenceResponseParser::reset(bool headRequest)
{
    m_head = headRequest;
    m_started = false;
    restart();
}

void ReferenceResponseParser::restart()
{
    http_parser_init(&m_parser, HTTP_RESPONSE);
    m_parser.data = this;
    m_state = State::NeedMore;
    m_keepAlive = false;
    m_status = 0;
    m_body.resize(0); // keeps the capacity (Qt 6)
    m_field.resize(0);
    m_inValue = false;
    m_valueField = nullptr;
    m_location.clear();
    m_control.clear();
    m_error.clear();
}

int ReferenceResponseParser::onHeadersComplete(http_parser *p)
{
    auto *self = static_cast<ReferenceResponseParser *>(p->data);
    self->m_status = int(p->status_code);
    if (p->content_length > 0 && p->content_length != ULLONG_MAX)
        self->m_body.reserve(int(std::min<uint64_t>(p->content_length, kMaxBodyBytes)));
    return self->m_head ? 1 : 0; // 1: no body
}

// Names and values may arrive in pieces over several feeds: a name ends when its value starts.
int ReferenceResponseParser::onHeaderField(http_parser *p, const char *at, size_t length)
{
    auto *self = static_cast<ReferenceResponseParser *>(p->data);
    if (self->m_inValue) {
        self->m_inValue = false;
        self->m_field.resize(0);
    }
    if (self->m_field.size() < 64) // longer than any name we look for
        self->m_field.append(
            at, qsizetype(std::min<size_t>(length, size_t(64 - self->m_field.size()))));
    return 0;
}

int ReferenceResponseParser::onHeaderValue(http_parser *p, const char *at, size_t length)
{
    auto *self = static_cast<ReferenceResponseParser *>(p->data);
    if (!self->m_inValue) {
        self->m_inValue = true;
        self->m_valueField = nullptr;
        if (self->m_field.compare("location", Qt::CaseInsensitive) == 0)
            self->m_valueField = &self->m_location;
        else if (self->m_keepControl)
            self->m_valueField =
                self->m_control.fieldFor(self->m_field.constData(), size_t(self->m_field.size()));
        if (self->m_valueField)
            self->m_valueField->clear();
    }
    if (self->m_valueField == &self->m_location) {
        if (self->m_location.size() < kMaxLocationBytes)
            self->m_location.append(
                at, qsizetype(std::min<size_t>(
                        length, size_t(kMaxLocationBytes - self->m_location.size()))));
    } else if (self->m_valueField) {
        appendControlValue(self->m_valueField, at, length);
    }
    return 0;
}

int ReferenceResponseParser::onStatus(http_parser *p, const char *at, size_t length)
{
    auto *self = static_cast<ReferenceResponseParser *>(p->data);
    if (self->m_keepControl)
        appendControlValue(&self->m_control.reason, at, length);
    return 0;
}

int ReferenceResponseParser::onBody(http_parser *p, const char *at, size_t length)
{
    auto *self = static_cast<ReferenceResponseParser *>(p->data);
    const qsizetype room = kMaxBodyBytes - self->m_body.size();
    if (room > 0)
        self->m_body.append(at, qsizetype(std::min<size_t>(length, size_t(room))));
    return 0;
}

int ReferenceResponseParser::onMessageComplete(http_parser *p)
{
    auto *self = static_cast<ReferenceResponseParser *>(p->data);
    self->m_status = int(p->status_code);
    self->m_keepAlive = http_should_keep_alive(p) != 0;
    self->m_state = State::Complete;
    http_parser_pause(p, 1); // stop here: later bytes are not part of this response
    return 0;
}

ReferenceResponseParser::State ReferenceResponseParser::feed(const char *data, size_t length,
                                                             size_t *consumed)
{
    if (consumed)
        *consumed = 0;
    if (m_state != State::NeedMore || length == 0)
        return m_state;
    m_started = true;
    size_t n = http_parser_execute(&m_parser, &settings(), data, length);
    // An interim response (100 Continue, 103 Early Hints ...): the final one follows.
    while (m_state == State::Complete && m_status >= 100 && m_status < 200 && m_status != 101) {
        restart();
        if (n == length)
            break;
        n += http_parser_execute(&m_parser, &settings(), data + n, length - n);
    }
    if (consumed)
        *consumed = n;
    const http_errno err = HTTP_PARSER_ERRNO(&m_parser);
    if (m_state == State::Complete)
        return m_state; // paused on purpose in onMessageComplete
    if (err != HPE_OK || m_parser.upgrade) {
        m_state = State::Error;
        m_error = m_parser.upgrade
                      ? QStringLiteral("invalid HTTP response: unexpected protocol upgrade")
                      : QStringLiteral("invalid HTTP response: %1")
                            .arg(QString::fromLatin1(http_errno_description(err)));
    }
    return m_state;
}

ReferenceResponseParser::State ReferenceResponseParser::feedEof()
{
    if (m_state != State::NeedMore)
        return m_state;
    if (m_started) {
        http_parser_execute(&m_parser, &settings(), nullptr, 0); // EOF: ends a close-delimited body
        if (m_state == State::Complete) {
            m_keepAlive = false;
            return m_state;
        }
    }
    m_state = State::Error;
    m_error = m_started ? QStringLiteral("connection closed before the response was complete")
                        : QStringLiteral("connection closed before any response");
    return m_state;
}

} // namespace vw
