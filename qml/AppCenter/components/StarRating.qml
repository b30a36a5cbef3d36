pragma ComponentBehavior: Bound
import QtQuick

// Five stars filled to `value` (0..5, the plain average of the votes): empty stars under
// gold ones clipped to the value. Colours and size come from Theme (3:1 against the page).
// The Bayesian score sorts the lists; it is never drawn (a single five-star vote shows
// five stars, next to "1 rating").
Item {
    id: rating

    property real value: 0
    property real starSize: Theme.bodySize

    implicitWidth: base.implicitWidth
    implicitHeight: base.implicitHeight
    Accessible.role: Accessible.StaticText
    Accessible.name: qsTr("Rated %1 out of 5").arg(Number(rating.value).toLocaleString(Qt.locale(), "f", 1))

    Row {
        id: base
        Repeater {
            model: 5
            delegate: Text {
                textFormat: Text.PlainText
                text: "★"
                color: Theme.starEmpty
                font.pointSize: rating.starSize
                Accessible.ignored: true
            }
        }
    }
    Item {
        width: base.width * Math.max(0, Math.min(rating.value, 5)) / 5
        height: base.height
        clip: true
        Row {
            Repeater {
                model: 5
                delegate: Text {
                    textFormat: Text.PlainText
                    text: "★"
                    color: Theme.star
                    font.pointSize: rating.starSize
                    Accessible.ignored: true
                }
            }
        }
    }
}
