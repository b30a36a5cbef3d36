pragma ComponentBehavior: Bound
import QtQuick

// Five stars filled to `value` (0..5): grey stars under gold ones clipped to the value.
Item {
    id: rating

    property real value: 0
    property int starSize: 14

    implicitWidth: base.implicitWidth
    implicitHeight: base.implicitHeight
    Accessible.role: Accessible.StaticText
    Accessible.name: qsTr("Rated %1 out of 5").arg(rating.value.toFixed(1))

    Row {
        id: base
        Repeater {
            model: 5
            delegate: Text {
                text: "★"
                color: "#9ea3a8"
                opacity: 0.6
                font.pixelSize: rating.starSize
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
                    text: "★"
                    color: "#f6a500"
                    font.pixelSize: rating.starSize
                }
            }
        }
    }
}
